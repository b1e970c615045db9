import { randomUUID } from 'node:crypto';
import { EventSubscriber, PrimaryColumn, type EntitySubscriberInterface, type InsertEvent } from 'typeorm';

/** A UUID primary key as varchar(36) everywhere (TypeORM's 'uuid' differs on MariaDB and MySQL), assigned by the app. */
export function UuidPrimaryKey(): PropertyDecorator {
  return PrimaryColumn({ type: 'varchar', length: 36 });
}

/** Gives every new row with a UuidPrimaryKey and no id a random UUID before it is inserted. */
@EventSubscriber()
export class AssignUuidSubscriber implements EntitySubscriberInterface {
  beforeInsert(event: InsertEvent<{ id?: string }>): void {
    const [primary, ...more] = event.metadata.primaryColumns;
    if (more.length || primary.propertyName !== 'id' || primary.length !== '36') return;
    if (event.entity && !event.entity.id) event.entity.id = randomUUID();
  }
}

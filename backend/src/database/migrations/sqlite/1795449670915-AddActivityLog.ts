import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddActivityLog1795449670915 implements MigrationInterface {
  name = 'AddActivityLog1795449670915';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "activity_entry" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "at" bigint NOT NULL, "kind" varchar(40) NOT NULL, "actor_id" varchar(36), "actor_name" varchar(50), "client" varchar(64), "shop_id" varchar(36), "shop_name" varchar(150), "details" text)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_activity_kind_at" ON "activity_entry" ("kind", "at") `);
    await queryRunner.query(`CREATE INDEX "idx_activity_shop_at" ON "activity_entry" ("shop_id", "at") `);
    await queryRunner.query(`CREATE INDEX "idx_activity_at" ON "activity_entry" ("at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_activity_at"`);
    await queryRunner.query(`DROP INDEX "idx_activity_shop_at"`);
    await queryRunner.query(`DROP INDEX "idx_activity_kind_at"`);
    await queryRunner.query(`DROP TABLE "activity_entry"`);
  }
}

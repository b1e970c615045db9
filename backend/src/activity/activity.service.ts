import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThan, MoreThan, type EntityManager, type QueryDeepPartialEntity } from 'typeorm';
import { validationFailed } from '../common/api-error.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import type { ActivityActor } from './activity-actor.js';
import { ActivityEntry } from './activity-entry.entity.js';
import type { ActivityKind } from './activity-kinds.js';
import type { ActivityEntryDto, ActivityListDto, ActivityQueryDto } from './dto/activity.dto.js';

/** What a change tells the log; `record` adds the time. */
export interface ActivityRecord {
  kind: ActivityKind;
  actor: ActivityActor;
  /** The shop the change is about, when it is about one shop. */
  shop?: { id: string; name: string } | null;
  /** Anything else worth keeping: changed fields, counts, the username tried. Never a secret. */
  details?: Record<string, unknown> | null;
}

/** Rows per INSERT: TypeORM builds an insert's SQL in JavaScript, blocking the loop on large batches. */
const INSERT_CHUNK = 100;
/** Rows read at a time when the whole log is streamed into a backup. */
const READ_CHUNK = 1000;

/** Epoch ms of an ISO 8601 value, UTC without an offset; `[^T...]` keeps the match linear on a run of Ts. */
function instantOf(value: string): number {
  return Date.parse(/T[^TZ+-]*$/i.test(value) ? `${value}Z` : value);
}

/** LIKE's wildcards and its escape character, escaped with '!' (the one escape both dialects accept). */
export const likeEscaped = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/** Field by field, so a column added to the entity reaches the API and backups only when listed here. */
export function toActivityEntryDto(entry: ActivityEntry): ActivityEntryDto {
  const { id, kind, actorId, actorName, client, shopId, shopName, details } = entry;
  return {
    id,
    at: new Date(entry.at).toISOString(),
    kind,
    actorId,
    actorName,
    client,
    shopId,
    shopName,
    details,
  };
}

/** Entries are only added, in the change's own transaction (both commit or neither), and deleted by age. */
@Injectable()
export class ActivityService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    // Workers build this service on their own connection and only ever `record` in their transactions.
    private readonly transactions: TransactionRunner = new TransactionRunner(dataSource),
  ) {}

  /** Writes one entry in the transaction `manager` belongs to, the change's own. */
  async record(manager: EntityManager, entry: ActivityRecord): Promise<void> {
    await this.recordAll(manager, [entry]);
  }

  /** Writes one entry about an event that changes nothing else (a login, a refused code). */
  async recordAlone(entry: ActivityRecord): Promise<void> {
    await this.transactions.run((manager) => this.recordAll(manager, [entry]));
  }

  /** Writes several entries (one per shop of a bulk action) in the caller's transaction. */
  async recordAll(manager: EntityManager, entries: ActivityRecord[]): Promise<void> {
    const at = Date.now();
    const rows = entries.map((entry): Omit<ActivityEntry, 'id'> => ({
      at,
      kind: entry.kind,
      actorId: entry.actor.adminId,
      actorName: entry.actor.username,
      client: entry.actor.client?.slice(0, 64) ?? null,
      shopId: entry.shop?.id ?? null,
      shopName: entry.shop?.name ?? null,
      details: entry.details && Object.keys(entry.details).length ? entry.details : null,
    }));
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      // The JSON column's object type is wider than TypeORM's deep-partial type allows.
      const chunk = rows.slice(start, start + INSERT_CHUNK) as QueryDeepPartialEntity<ActivityEntry>[];
      await manager.insert(ActivityEntry, chunk);
    }
  }

  /** One page of the log, newest first, filtered. */
  async list(query: ActivityQueryDto): Promise<ActivityListDto> {
    const { page = 1, pageSize = 20 } = query;
    const from = query.from ? instantOf(query.from) : undefined;
    const to = query.to ? instantOf(query.to) : undefined;
    for (const [field, value] of [['from', from] as const, ['to', to] as const]) {
      // ISO 8601 forms JavaScript cannot place in time (week dates, ordinal dates).
      if (value !== undefined && Number.isNaN(value)) {
        const message = `${field} must be a calendar date or date-time, e.g. 2026-11-23 or 2026-11-23T06:00:00Z`;
        throw validationFailed([{ field, code: 'INVALID_DATE', message }]);
      }
    }
    if (from !== undefined && to !== undefined && from >= to) {
      throw validationFailed([{ field: 'to', code: 'OUT_OF_RANGE', message: 'to must be later than from' }]);
    }
    const builder = this.dataSource.getRepository(ActivityEntry).createQueryBuilder('entry');
    if (query.kind) builder.andWhere('entry.kind = :kind', { kind: query.kind });
    if (query.shopId) builder.andWhere('entry.shop_id = :shopId', { shopId: query.shopId });
    if (query.actor) {
      // The username as it was then; usernames are unique regardless of case.
      builder.andWhere('LOWER(entry.actor_name) = LOWER(:actor)', { actor: query.actor });
    }
    if (query.shop)
      builder.andWhere("LOWER(entry.shop_name) LIKE LOWER(:shop) ESCAPE '!'", {
        shop: `%${likeEscaped(query.shop)}%`,
      });
    if (from !== undefined) builder.andWhere('entry.at >= :from', { from });
    if (to !== undefined) builder.andWhere('entry.at < :to', { to });
    const [rows, total] = await builder
      .orderBy('entry.at', 'DESC')
      .addOrderBy('entry.id', 'DESC')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .getManyAndCount();
    return { items: rows.map(toActivityEntryDto), total, page, pageSize };
  }

  /** `cutoff` in epoch ms; returns how many went. */
  async deleteOlderThan(cutoff: number): Promise<number> {
    const { affected } = await this.dataSource.getRepository(ActivityEntry).delete({ at: LessThan(cutoff) });
    return affected ?? 0;
  }

  /** The whole log, oldest first, a chunk at a time (full backups stream it into the ZIP). */
  async *allEntries(): AsyncGenerator<ActivityEntryDto[]> {
    let after = 0;
    for (;;) {
      const rows = await this.dataSource
        .getRepository(ActivityEntry)
        .find({ where: { id: MoreThan(after) }, order: { id: 'ASC' }, take: READ_CHUNK });
      if (!rows.length) return;
      yield rows.map(toActivityEntryDto);
      after = rows[rows.length - 1].id;
    }
  }
}

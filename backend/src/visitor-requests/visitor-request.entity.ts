import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { CorrectionKind, VISITOR_REQUEST_STATUSES, VISITOR_REQUEST_TYPES } from 'contract';
import { epochMillis } from '../database/transformers.js';

export type VisitorRequestStatus = (typeof VISITOR_REQUEST_STATUSES)[number];
export type VisitorRequestType = (typeof VISITOR_REQUEST_TYPES)[number];

/** A visitor's correction or listing request for an administrator to decide; nothing in it is public. */
@Entity('visitor_request')
@Index('idx_visitor_request_status_created', ['status', 'createdAt'])
@Index('idx_visitor_request_duplicate', ['duplicateKey', 'createdAt'])
export class VisitorRequest {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /** The short code the visitor is shown (`K7M4-Q2XD`), also named in the activity log. */
  @Index('uq_visitor_request_reference', { unique: true })
  @Column({ type: 'varchar', length: 9 })
  reference: string;

  @Column({ type: 'varchar', length: 10 })
  type: VisitorRequestType;

  @Column({ type: 'varchar', length: 10 })
  status: VisitorRequestStatus;

  /** The shop a correction is about (no foreign key: the request outlives a deleted shop). */
  @Column({ name: 'shop_id', type: 'varchar', length: 36, nullable: true })
  shopId: string | null;

  /** The shop's name when the request was sent. */
  @Column({ name: 'shop_name', type: 'varchar', length: 150, nullable: true })
  shopName: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  kind: CorrectionKind | null;

  /** The value the visitor proposes, as text (never rendered as HTML or a link). */
  @Column({ name: 'proposed_value', type: 'varchar', length: 500, nullable: true })
  proposedValue: string | null;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  /** A listing request's shop as the visitor sent it, checked, as JSON. */
  @Column({ name: 'proposed_shop', type: 'text', nullable: true })
  proposedShop: string | null;

  @Column({ name: 'submitter_name', type: 'varchar', length: 100, nullable: true })
  submitterName: string | null;

  @Column({ name: 'submitter_email', type: 'varchar', length: 254, nullable: true })
  submitterEmail: string | null;

  /** The client's address as Express sees it; kept for abuse review until erasure. */
  @Column({ name: 'submitter_address', type: 'varchar', length: 64, nullable: true })
  submitterAddress: string | null;

  /** How many more times the same suggestion arrived within a day (merged into this one). */
  @Column({ type: 'int', default: 0 })
  duplicates: number;

  /** SHA-256 of shop, kind and normalised value: what makes two suggestions the same. */
  @Column({ name: 'duplicate_key', type: 'varchar', length: 64, nullable: true })
  duplicateKey: string | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  @Column({ name: 'decided_at', type: 'bigint', nullable: true, transformer: epochMillis })
  decidedAt: number | null;

  /** The administrator's username at the time of the decision. */
  @Column({ name: 'decided_by', type: 'varchar', length: 50, nullable: true })
  decidedBy: string | null;

  /** Why it was rejected (shown to the submitter in the outcome message). */
  @Column({ name: 'decision_reason', type: 'varchar', length: 500, nullable: true })
  decisionReason: string | null;

  @Column({ name: 'personal_data_erased_at', type: 'bigint', nullable: true, transformer: epochMillis })
  personalDataErasedAt: number | null;
}

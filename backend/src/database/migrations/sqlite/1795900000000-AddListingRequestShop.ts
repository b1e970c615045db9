import { MigrationInterface, QueryRunner } from 'typeorm';

/** A listing request carries the shop the visitor sent (the shop schema's values, as JSON). */
export class AddListingRequestShop1795900000000 implements MigrationInterface {
  name = 'AddListingRequestShop1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "visitor_request" ADD COLUMN "proposed_shop" text');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "visitor_request" DROP COLUMN "proposed_shop"');
  }
}

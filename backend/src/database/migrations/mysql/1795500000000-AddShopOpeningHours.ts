import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each shop's weekly opening hours and a note on them; a shop without them keeps null. */
export class AddShopOpeningHours1795500000000 implements MigrationInterface {
  name = 'AddShopOpeningHours1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `shop` ADD `opening_hours` varchar(500) NULL');
    await queryRunner.query('ALTER TABLE `shop` ADD `hours_note` varchar(200) NULL');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `shop` DROP COLUMN `hours_note`');
    await queryRunner.query('ALTER TABLE `shop` DROP COLUMN `opening_hours`');
  }
}

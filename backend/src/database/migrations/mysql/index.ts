import { Init1795317390055 } from './1795317390055-Init.js';
import { AddShops1795317915158 } from './1795317915158-AddShops.js';
import { AddBackupAndJobs1795319048609 } from './1795319048609-AddBackupAndJobs.js';
import { AddImageSweepAndUploadQuota1795400000001 } from './1795400000001-AddImageSweepAndUploadQuota.js';
import { DropLoginBlockedUntil1795430569603 } from './1795430569603-DropLoginBlockedUntil.js';
import { AddShopSlugsAndWhatsapp1795438276593 } from './1795438276593-AddShopSlugsAndWhatsapp.js';
import { AddAdminShopListKeys1795438300001 } from './1795438300001-AddAdminShopListKeys.js';
import { AddActivityLog1795449670916 } from './1795449670916-AddActivityLog.js';
import { AddShopOpeningHours1795500000000 } from './1795500000000-AddShopOpeningHours.js';
import { AddVisitorRequests1795600000000 } from './1795600000000-AddVisitorRequests.js';
import { AddSessionDevices1795700000000 } from './1795700000000-AddSessionDevices.js';
import { AddSecondFactors1795800000000 } from './1795800000000-AddSecondFactors.js';
import { AddPasskeys1795850000000 } from './1795850000000-AddPasskeys.js';
import { AddListingRequestShop1795900000000 } from './1795900000000-AddListingRequestShop.js';
import { OneRateLimitTable1796000000000 } from './1796000000000-OneRateLimitTable.js';
import { AddShopVerificationPeriods1796100000000 } from './1796100000000-AddShopVerificationPeriods.js';

/** MySQL/MariaDB migrations in the order they run; add new ones at the end. */
export const mysqlMigrations = [
  Init1795317390055,
  AddShops1795317915158,
  AddBackupAndJobs1795319048609,
  AddImageSweepAndUploadQuota1795400000001,
  DropLoginBlockedUntil1795430569603,
  AddShopSlugsAndWhatsapp1795438276593,
  AddAdminShopListKeys1795438300001,
  AddActivityLog1795449670916,
  AddShopOpeningHours1795500000000,
  AddVisitorRequests1795600000000,
  AddSessionDevices1795700000000,
  AddSecondFactors1795800000000,
  AddPasskeys1795850000000,
  AddListingRequestShop1795900000000,
  OneRateLimitTable1796000000000,
  AddShopVerificationPeriods1796100000000,
];

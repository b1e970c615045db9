import { Init1795317388746 } from './1795317388746-Init.js';
import { AddShops1795317913628 } from './1795317913628-AddShops.js';
import { AddBackupAndJobs1795319047215 } from './1795319047215-AddBackupAndJobs.js';
import { AddImageSweepAndUploadQuota1795400000000 } from './1795400000000-AddImageSweepAndUploadQuota.js';
import { DropLoginBlockedUntil1795430561817 } from './1795430561817-DropLoginBlockedUntil.js';
import { AddShopSlugsAndWhatsapp1795438272090 } from './1795438272090-AddShopSlugsAndWhatsapp.js';
import { AddAdminShopListKeys1795438300000 } from './1795438300000-AddAdminShopListKeys.js';
import { AddActivityLog1795449670915 } from './1795449670915-AddActivityLog.js';
import { AddShopOpeningHours1795500000000 } from './1795500000000-AddShopOpeningHours.js';
import { AddVisitorRequests1795600000000 } from './1795600000000-AddVisitorRequests.js';
import { AddSessionDevices1795700000000 } from './1795700000000-AddSessionDevices.js';
import { AddSecondFactors1795800000000 } from './1795800000000-AddSecondFactors.js';
import { AddPasskeys1795850000000 } from './1795850000000-AddPasskeys.js';
import { AddListingRequestShop1795900000000 } from './1795900000000-AddListingRequestShop.js';
import { OneRateLimitTable1796000000000 } from './1796000000000-OneRateLimitTable.js';
import { AddShopVerificationPeriods1796100000000 } from './1796100000000-AddShopVerificationPeriods.js';

/** SQLite migrations in the order they run; add new ones at the end. */
export const sqliteMigrations = [
  Init1795317388746,
  AddShops1795317913628,
  AddBackupAndJobs1795319047215,
  AddImageSweepAndUploadQuota1795400000000,
  DropLoginBlockedUntil1795430561817,
  AddShopSlugsAndWhatsapp1795438272090,
  AddAdminShopListKeys1795438300000,
  AddActivityLog1795449670915,
  AddShopOpeningHours1795500000000,
  AddVisitorRequests1795600000000,
  AddSessionDevices1795700000000,
  AddSecondFactors1795800000000,
  AddPasskeys1795850000000,
  AddListingRequestShop1795900000000,
  OneRateLimitTable1796000000000,
  AddShopVerificationPeriods1796100000000,
];

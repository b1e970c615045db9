// The admin journey in English (e2e/support/admin-journey.mjs).
import { describeAdminJourney } from './support/admin-journey.mjs';

describeAdminJourney('en');

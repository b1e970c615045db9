// The admin journey in Spanish (e2e/support/admin-journey.mjs).
import { describeAdminJourney } from './support/admin-journey.mjs';

describeAdminJourney('es');

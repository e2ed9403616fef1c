/** GET /api/openapi.json: the OpenAPI document generated from every endpoint declaration. */
import { z } from 'zod';
import { defineEndpoint, serve, type Endpoint } from '../src/server/endpoint';
import { buildOpenApi } from '../src/server/openapi';
import accountBookings from './account-bookings';
import adminAppointments from './admin-appointments';
import adminAvailability from './admin-availability';
import adminServiceAvailability from './admin-service-availability';
import adminClosures from './admin-closures';
import adminDoctorUnavailable from './admin-doctor-unavailable';
import adminDoctors from './admin-doctors';
import adminServices from './admin-services';
import adminOrganizations from './admin-organizations';
import adminVaccinations from './admin-vaccinations';
import adminGoLive from './admin-go-live';
import adminBranchCatalogs from './admin-branch-catalogs';
import adminVaccineDetails from './admin-vaccine-details';
import adminImports from './admin-imports';
import adminMe from './admin-me';
import adminNotifications from './admin-notifications';
import adminOverview from './admin-overview';
import adminSiteBuild from './admin-site-build';
// issue 40: admin site content (data history, homepage blocks, website navigation, integrations)
import adminDataHistory from './admin-data-history';
import adminHomepage from './admin-homepage';
import adminWebsiteNav from './admin-website-nav';
import adminIntegrations from './admin-integrations';
import adminIcalFeeds from './admin-ical-feeds';
import icalFeed from './ical-feed';
import adminPassword from './admin-password';
import adminScope from './admin-scope';
import adminUsers from './admin-users';
import adminUploads from './admin-uploads';
import adminReviews from './admin-reviews';
import adminCampaigns from './admin-campaigns';
import family from './family';
import health from './health';
import me from './me';
import meProfile from './me-profile';
import session from './session';
import campaign from './campaign';
import quickBooking from './quick-booking';
import hospitalBranchDoctors from './hospital-branch-doctors';
import hospitalBranchServices from './hospital-branch-services';
import hospitalPhone from './hospital-phone';
import ogImages from './og-images';
import reviews from './reviews';
import schedules from './schedules';
import search from './search';
import bookings from './bookings';
import payments from './payments';
import rebookingOffers from './rebooking-offers';

export const openapi = defineEndpoint({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This OpenAPI document (answered as the document itself, not in the envelope)',
  tags: ['platform'],
  auth: 'public',
  database: 'none',
  cacheSeconds: 300,
  envelope: false,
  response: z.record(z.string(), z.unknown()),
  async handler() {
    return buildOpenApi(allEndpoints());
  },
});

const handler = serve(openapi);

/** Every function's endpoints. Add each new function module here (a unit test checks none is missing). */
export const FUNCTIONS = {
  accountBookings,
  adminAppointments,
  adminAvailability,
  adminServiceAvailability,
  adminClosures,
  adminDoctorUnavailable,
  adminDoctors,
  adminImports,
  adminMe,
  adminNotifications,
  adminOverview,
  adminSiteBuild,
  // issue 40
  adminDataHistory,
  adminHomepage,
  adminWebsiteNav,
  adminIntegrations,
  adminIcalFeeds,
  icalFeed,
  adminPassword,
  adminScope,
  adminUsers,
  adminUploads,
  adminReviews,
  adminCampaigns,
  adminServices,
  adminOrganizations,
  adminVaccinations,
  adminGoLive,
  adminBranchCatalogs,
  adminVaccineDetails,
  bookings,
  campaign,
  family,
  health,
  hospitalBranchDoctors,
  hospitalBranchServices,
  hospitalPhone,
  me,
  meProfile,
  ogImages,
  payments,
  quickBooking,
  rebookingOffers,
  reviews,
  schedules,
  search,
  session,
  openapi: handler,
};

export function allEndpoints(): Endpoint[] {
  return Object.values(FUNCTIONS).flatMap((f) => f.endpoints);
}

export default handler;
export const config = { path: '/api/openapi.json' };

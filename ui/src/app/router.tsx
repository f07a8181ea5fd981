import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { RootLayout } from './root-layout.tsx';
import { HomeRoute } from './home-route.tsx';
import { RequireAuth } from './require-auth.tsx';
import { StudentEditRedirect } from './student-edit-redirect.tsx';
import { lazyPage } from './lazy-page.tsx';
import { titled } from './page-title.ts';

// Every screen is its own chunk (React.lazy), so the landing page only ships itself.
const AntdLayout = lazy(() => import('../components/antd-layout.tsx'));
const AppShell = lazy(() => import('../components/app-shell.tsx'));

const LoginPage = lazyPage(() => import('../features/auth/components/login-page.tsx'));
const RegisterPage = lazyPage(() => import('../features/auth/components/register-page.tsx'));
const VerifyEmailPage = lazyPage(() => import('../features/auth/components/verify-email-page.tsx'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/components/forgot-password-page.tsx'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/components/reset-password-page.tsx'));
const ContactPage = lazyPage(() => import('../features/landing/components/contact-page.tsx'));
const TermsPage = lazyPage(() => import('../features/legal/components/terms-page.tsx'));
const PrivacyPage = lazyPage(() => import('../features/legal/components/privacy-page.tsx'));
const NotFoundPage = lazyPage(() => import('../features/not-found/components/not-found-page.tsx'));
const HomeDashboard = lazyPage(() => import('./routes/dashboard-page.tsx'));
const SettingsPage = lazyPage(() => import('./routes/settings/settings-page.tsx'));
const UpgradePage = lazyPage(() => import('../features/upgrade/components/upgrade-page.tsx'));
const NotificationsPage = lazyPage(() => import('../features/notifications/components/notifications-page.tsx'));
const StudentsListPage = lazyPage(() => import('./routes/students/students-list-page.tsx'));
const StudentDetailPage = lazyPage(() => import('./routes/students/student-detail-page.tsx'));
const NewStudentPage = lazyPage(() => import('./routes/students/new-student-page.tsx'));
const EditStudentPage = lazyPage(() => import('./routes/students/edit-student-page.tsx'));
const AccommodationsPage = lazyPage(() => import('../features/accommodations/components/accommodations-page.tsx'));
const AtAGlancePage = lazyPage(() => import('./routes/accommodations/at-a-glance-page.tsx'));
const CompareStudentsPage = lazyPage(() => import('../features/students/components/compare-students-page.tsx'));
const PlanPage = lazyPage(() => import('./routes/plans/plan-page.tsx'));
const ClassesPage = lazyPage(() => import('./routes/classes/classes-page.tsx'));
const ClassRosterPage = lazyPage(() => import('../features/classes/components/class-roster-page.tsx'));
const TestingDayPage = lazyPage(() => import('../features/testing-day/components/testing-day-page.tsx'));
const SubPlanPage = lazyPage(() => import('../features/sub-plan/components/sub-plan-page.tsx'));
const SchoolPage = lazyPage(() => import('./routes/schools/school-page.tsx'));
const ImplementationPages = lazyPage(() => import('../features/implementation-log/components/implementation-pages.tsx'));
const DistrictDashboardPage = lazyPage(() => import('../features/district-dashboard/components/district-dashboard-page.tsx'));
const SchoolFollowThroughPage = lazyPage(() => import('../features/district-dashboard/components/school-follow-through-page.tsx'));

/**
 * Spec section 2, route table, plus the real /login, /register, /contact and /plans/:id pages, the substitute's
 * /sub-plan, and /verify-email, /forgot-password and /reset-password.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      // The legal pages are plain markup: no need to load antd for them.
      { path: 'terms', element: <TermsPage />, handle: titled('Terms and Conditions') },
      { path: 'privacy', element: <PrivacyPage />, handle: titled('Privacy Policy') },
      {
        element: <AntdLayout />,
        children: [
          { path: 'login', element: <LoginPage />, handle: titled('Sign in') },
          { path: 'register', element: <RegisterPage />, handle: titled('Create your account') },
          // The pages mailed links open; each reads its token from the URL's fragment.
          { path: 'verify-email', element: <VerifyEmailPage />, handle: titled('Verify your e-mail address') },
          { path: 'forgot-password', element: <ForgotPasswordPage />, handle: titled('Forgot your password?') },
          { path: 'reset-password', element: <ResetPasswordPage />, handle: titled('Choose a new password') },
          { path: 'contact', element: <ContactPage />, handle: titled('Contact Sales') },
          {
            element: <RequireAuth />,
            children: [
              {
                element: <AppShell />,
                children: [
                  { path: 'dashboard', element: <HomeDashboard />, handle: titled('Dashboard') },
                  { path: 'students', element: <StudentsListPage />, handle: titled('Students') },
                  { path: 'students/new', element: <NewStudentPage />, handle: titled('Add New Student') },
                  { path: 'students/compare', element: <CompareStudentsPage />, handle: titled('Compare Students') },
                  { path: 'students/edit/:id', element: <EditStudentPage />, handle: titled('Edit Student') },
                  { path: 'students/:id', element: <StudentEditRedirect><StudentDetailPage /></StudentEditRedirect>, handle: titled('Student') },
                  { path: 'classes', element: <ClassesPage />, handle: titled('Classes') },
                  { path: 'classes/:id', element: <ClassRosterPage />, handle: titled('Class') },
                  { path: 'classes/:id/testing-day', element: <TestingDayPage />, handle: titled('Testing-day list') },
                  { path: 'accommodations', element: <AccommodationsPage />, handle: titled('Accommodations') },
                  { path: 'accommodations/at-a-glance', element: <AtAGlancePage />, handle: titled('Accommodations at a Glance') },
                  { path: 'plans/:id', element: <PlanPage />, handle: titled('504 Plan') },
                  // A coordinator's page of a school.
                  { path: 'schools/:id', element: <SchoolPage />, handle: titled('School') },
                  { path: 'schools/:id/follow-through', element: <SchoolFollowThroughPage />, handle: titled('Acknowledgements and the log') },
                  { path: 'sub-plan', element: <SubPlanPage />, handle: titled('Sub Plan') },
                  // The implementation log: the day view, and the caseload's coverage.
                  { path: 'implementation/log', element: <ImplementationPages />, handle: titled('Implementation Log') },
                  { path: 'implementation/coverage', element: <ImplementationPages />, handle: titled('Implementation Coverage') },
                  { path: 'districts/:id/dashboard', element: <DistrictDashboardPage />, handle: titled('District Dashboard') },
                  { path: 'settings', element: <SettingsPage />, handle: titled('Account Settings') },
                  { path: 'notifications', element: <NotificationsPage />, handle: titled('Notifications') },
                  { path: 'upgrade', element: <UpgradePage />, handle: titled('Upgrade') },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage />, handle: titled('Page Not Found') },
        ],
      },
    ],
  },
]);

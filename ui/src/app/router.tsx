import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { RootLayout } from './root-layout.tsx';
import { HomeRoute } from './home-route.tsx';
import { RequireAuth } from './require-auth.tsx';
import { StudentEditRedirect } from './student-edit-redirect.tsx';
import { lazyPage } from './lazy-page.tsx';

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
const HomeDashboard = lazyPage(() => import('../features/dashboard/components/home-dashboard.tsx'));
const SettingsPage = lazyPage(() => import('./routes/settings/settings-page.tsx'));
const UpgradePage = lazyPage(() => import('../features/upgrade/components/upgrade-page.tsx'));
const NotificationsPage = lazyPage(() => import('../features/notifications/components/notifications-page.tsx'));
const StudentsListPage = lazyPage(() => import('./routes/students/students-list-page.tsx'));
const StudentDetailPage = lazyPage(() => import('./routes/students/student-detail-page.tsx'));
const NewStudentPage = lazyPage(() => import('./routes/students/new-student-page.tsx'));
const EditStudentPage = lazyPage(() => import('./routes/students/edit-student-page.tsx'));
const AccommodationsPage = lazyPage(() => import('../features/accommodations/components/accommodations-page.tsx'));
const PlanPage = lazyPage(() => import('./routes/plans/plan-page.tsx'));
const SubPlanPage = lazyPage(() => import('../features/sub-plan/components/sub-plan-page.tsx'));

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
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      {
        element: <AntdLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          // The pages mailed links open (issue 22); each reads its token from the URL's fragment.
          { path: 'verify-email', element: <VerifyEmailPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'contact', element: <ContactPage /> },
          {
            element: <RequireAuth />,
            children: [
              {
                element: <AppShell />,
                children: [
                  { path: 'dashboard', element: <HomeDashboard /> },
                  { path: 'students', element: <StudentsListPage /> },
                  { path: 'students/new', element: <NewStudentPage /> },
                  { path: 'students/edit/:id', element: <EditStudentPage /> },
                  { path: 'students/:id', element: <StudentEditRedirect><StudentDetailPage /></StudentEditRedirect> },
                  { path: 'accommodations', element: <AccommodationsPage /> },
                  { path: 'plans/:id', element: <PlanPage /> },
                  { path: 'sub-plan', element: <SubPlanPage /> },
                  { path: 'settings', element: <SettingsPage /> },
                  { path: 'notifications', element: <NotificationsPage /> },
                  { path: 'upgrade', element: <UpgradePage /> },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);

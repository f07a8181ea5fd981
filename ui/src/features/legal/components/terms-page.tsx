import { PRODUCT_NAME, SUPPORT_EMAIL } from '@accommodate/shared-events/config/plans';
import { LegalDocument, type LegalSection } from './legal-document.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Introduction',
    body: (
      <p>
        These Terms and Conditions govern your use of {PRODUCT_NAME}, a web application that helps teachers and school
        staff keep track of students' Section 504 accommodation plans. By creating an account or using the service you
        agree to these terms. If you do not agree, please do not use the service.
      </p>
    ),
  },
  {
    title: 'Definitions',
    body: (
      <ul>
        <li><strong>"Service"</strong> means the {PRODUCT_NAME} website, application and related support.</li>
        <li><strong>"You"</strong> means the teacher, staff member or other person who holds an account.</li>
        <li><strong>"Student Data"</strong> means any information about a student that you enter or upload, including names, grades, accommodations, plans, documents and notes.</li>
        <li><strong>"Education Record"</strong> has the meaning given by the Family Educational Rights and Privacy Act (FERPA).</li>
      </ul>
    ),
  },
  {
    title: 'Account Terms',
    body: (
      <>
        <p>You must be at least 18 years old to create an account. The service is intended for educators and school staff, not for students.</p>
        <p>
          You are responsible for keeping your password confidential and for everything done under your account. Enter
          only Student Data you are authorised by your school or district to handle, and tell us promptly at{' '}
          {SUPPORT_EMAIL} if you suspect unauthorised access.
        </p>
      </>
    ),
  },
  {
    title: 'Data Privacy',
    body: (
      <p>
        Student Data remains the property of you and your school. We process it only to provide the service, as
        described in our Privacy Policy, and we design the service to support your obligations under FERPA. We never
        sell Student Data and never use it for advertising.
      </p>
    ),
  },
  {
    title: 'Service Modifications',
    body: (
      <p>
        We may add, change or remove features to improve the service. When a change materially reduces what a paid plan
        includes, we will tell you in advance. We may suspend an account that is used unlawfully or that threatens the
        security of the service or other users.
      </p>
    ),
  },
  {
    title: 'AI-Generated Content',
    body: (
      <p>
        Some features use artificial intelligence to suggest accommodations or draft text. AI-generated content can be
        incomplete or wrong and is not a substitute for your professional judgement or your school's 504 team. Review
        and edit every suggestion before you rely on it or share it with students, families or colleagues.
      </p>
    ),
  },
  {
    title: 'Copyright',
    body: (
      <p>
        The service, its design and its pre-built accommodation templates are protected by copyright and belong to
        {' '}{PRODUCT_NAME}. You keep all rights to the content you create. You grant us only the licence we need to store
        and display that content to you and the people you choose to share it with.
      </p>
    ),
  },
  {
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the laws of the United States and of the state in which {PRODUCT_NAME} is
        established, without regard to conflict-of-law rules. Disputes will be resolved in the courts of that state.
      </p>
    ),
  },
  {
    title: 'Changes to These Terms',
    body: (
      <p>
        We will give you at least 30 days' notice by e-mail and in the app before any material change to these terms
        takes effect. Continuing to use the service after that date means you accept the new terms; you may close your
        account at any time before then.
      </p>
    ),
  },
  {
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return <LegalDocument title="Terms and Conditions" sections={SECTIONS} />;
}

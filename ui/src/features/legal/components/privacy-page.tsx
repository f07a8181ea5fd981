import { PRODUCT_NAME, SUPPORT_EMAIL } from '@accommodate/shared-events/config/plans';
import { LegalDocument, type LegalSection } from './legal-document.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Information We Collect',
    body: (
      <ul>
        <li><strong>Account information:</strong> your name, e-mail address, password (stored only as a secure hash) and notification preferences.</li>
        <li><strong>Student Data you enter:</strong> names, grades, statuses, accommodations, plan dates, documents, notes and parent or guardian contact details.</li>
        <li><strong>Technical information:</strong> the minimum needed to run the service securely, such as session cookies and error logs that never contain Student Data.</li>
      </ul>
    ),
  },
  {
    title: 'How We Use Information',
    body: (
      <p>
        We use your information only to provide and secure the service: to show you your students, to send the
        notifications you ask for, to answer support requests, and to improve reliability. We do not sell personal
        information and do not use Student Data for advertising or to build profiles.
      </p>
    ),
  },
  {
    title: 'FERPA Compliance',
    body: (
      <p>
        Student Data can be part of a student's education record under the Family Educational Rights and Privacy Act.
        We act as a "school official" with a legitimate educational interest, under the direct control of your school
        for the use and maintenance of those records. We aim to comply with FERPA, disclose Student Data only as it
        allows, and help your school respond to requests from parents and eligible students.
      </p>
    ),
  },
  {
    title: 'AI and Data Processing',
    body: (
      <p>
        When you use an AI-assisted feature, only the information needed for that request is processed, and it is not
        used to train third-party models. AI output is a suggestion: review it before relying on it. You can choose not
        to use AI features.
      </p>
    ),
  },
  {
    title: 'Information Sharing',
    body: (
      <p>
        Student Data is visible only to you and to the colleagues you explicitly share a student with. We use a small
        number of service providers (for example hosting and e-mail delivery) bound by written confidentiality and
        security obligations. We disclose information to authorities only when the law requires it.
      </p>
    ),
  },
  {
    title: 'Data Security',
    body: (
      <p>
        Data is encrypted in transit, access is limited to the people who need it, passwords are hashed with a
        memory-hard function, and every change to a student's record is kept in an audit history.
      </p>
    ),
  },
  {
    title: 'Your Rights',
    body: (
      <p>
        You can view, correct, export and delete the information in your account at any time. Parents and eligible
        students who want to review or amend an education record should contact their school, which controls that
        record; we will help the school fulfil the request.
      </p>
    ),
  },
  {
    title: 'Cookies',
    body: (
      <p>
        We use one essential session cookie to keep you signed in. We do not use advertising or cross-site tracking
        cookies.
      </p>
    ),
  },
  {
    title: "Children's Privacy",
    body: (
      <p>
        {PRODUCT_NAME} is for adults: you must be 18 or older to hold an account. Students do not use the service, and
        we do not knowingly collect information directly from children. Information about students is entered only by
        their educators.
      </p>
    ),
  },
  {
    title: 'Changes to This Policy',
    body: (
      <p>
        We will tell you about material changes to this policy by e-mail and in the app at least 30 days before they
        take effect.
      </p>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <p>
        Questions or requests about privacy? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return <LegalDocument title="Privacy Policy" sections={SECTIONS} />;
}

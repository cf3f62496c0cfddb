import { useQuery } from '@tanstack/react-query';
import { MailCheck, MailWarning } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { VERIFY_MESSAGES } from '@shared/rules/email-verification';
import { EmptyState, SkeletonList } from '../../components/feedback';
import { ApiError } from '../../lib/api';
import { verifyEmailQuery } from './api/session';

const toMySheets = (
  <Link href="/question-tracker?tab=mySheets" className="btn btn-primary">
    Go to My Sheets
  </Link>
);

/** /verify-email?token=…: the page a verification link opens. */
export default function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  if (!token) {
    return (
      <EmptyState icon={<MailWarning size={22} />} title="Verify your e-mail address" action={toMySheets}>
        {VERIFY_MESSAGES.missingToken}
      </EmptyState>
    );
  }
  return <Verify token={token} />;
}

function Verify({ token }: { token: string }) {
  const verify = useQuery(verifyEmailQuery(token));
  if (verify.isPending) return <SkeletonList rows={2} />;
  if (verify.isError) {
    const message = verify.error instanceof ApiError && verify.error.code === 400 ? verify.error.message : 'Network error. Please try again.';
    return (
      <EmptyState icon={<MailWarning size={22} />} title="Verify your e-mail address" action={toMySheets}>
        <span role="alert">{message}</span>
      </EmptyState>
    );
  }
  return (
    <EmptyState icon={<MailCheck size={22} />} title="E-mail address verified" action={toMySheets}>
      <span role="status">
        <strong>{verify.data.email}</strong> is yours: invites sent to it can now be accepted.
      </span>
    </EmptyState>
  );
}

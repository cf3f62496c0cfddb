import { LogIn } from 'lucide-react';
import { EmptyState } from '../../components/feedback';
import { useSession } from '../auth/api/session';
import { JudgeAccountsSection } from '../judge-accounts/components/judge-accounts-section';
import { SolutionsExportSection } from '../exports/components/solutions-export-section';
import { useLoginPopup } from '../auth/stores/login-popup';
import { ChangePasswordForm } from './components/change-password-form';
import { DeleteAccountForm } from './components/delete-account-form';
import { ProfileForm } from './components/profile-form';
import './account.css';

/** /account: the signed-in user's own settings. */
export default function AccountPage() {
  const { isLoggedIn, user } = useSession();
  const showLogin = useLoginPopup((s) => s.show);
  if (!isLoggedIn) {
    return (
      <EmptyState
        icon={<LogIn size={22} />}
        title="Sign in to manage your account"
        action={
          <button type="button" className="btn btn-primary" onClick={() => showLogin('login')}>
            Sign in
          </button>
        }
      />
    );
  }
  return (
    <div className="account">
      <header className="page-header">
        <div>
          <h1>Account settings</h1>
          {user && <p>{user.email}</p>}
        </div>
      </header>
      {user && <ProfileForm user={user} />}
      <JudgeAccountsSection />
      <SolutionsExportSection />
      <ChangePasswordForm />
      <DeleteAccountForm />
    </div>
  );
}

import { ListChecks, Plus } from 'lucide-react';
import { EmptyState } from '../../components/feedback';
import { useSession } from '../auth/api/session';
import { useLoginPopup } from '../auth/stores/login-popup';

export default function WorkspaceTab() {
  const { isLoggedIn } = useSession();
  const showLogin = useLoginPopup((s) => s.show);
  const add = () => {
    if (!isLoggedIn) showLogin('login');
  };
  return (
    <div>
      <header className="page-header">
        <div>
          <h1>My Workspace</h1>
          <p>Keep track of all your questions here</p>
        </div>
      </header>
      <EmptyState
        icon={<ListChecks size={22} />}
        title="Add your First Question"
        action={
          <button type="button" className="btn btn-primary" onClick={add}>
            <Plus size={16} /> Add Question
          </button>
        }
      />
      <button type="button" className="fab" aria-label="Add Question" onClick={add}>
        <Plus size={24} />
      </button>
    </div>
  );
}

import { useParams } from 'wouter';

/** /profile/{profileName} */
export default function ProfilePage() {
  const { profileName = '' } = useParams<{ profileName?: string }>();
  return <h1>{profileName}</h1>;
}

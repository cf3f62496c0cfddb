/** Whose avatar: the names give the initials shown when there is no image. */
export interface AvatarPerson {
  firstName: string;
  secondName: string;
  imageUrl: string;
}

function initials(firstName: string, secondName: string) {
  return `${firstName.charAt(0)}${secondName.charAt(0)}`.toUpperCase() || '?';
}

/**
 * What goes inside an `.avatar`: the person's uploaded image (the server's own re-encoding), or their
 * initials. Decorative: the element around it carries the name.
 */
export function AvatarFace({ person }: { person: AvatarPerson }) {
  return person.imageUrl ? <img src={person.imageUrl} alt="" decoding="async" /> : <>{initials(person.firstName, person.secondName)}</>;
}

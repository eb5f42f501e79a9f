/** The signed-in user as the server keeps it on each request (never the password hash). */
export interface SessionUser {
  id: number;
  username: string;
  name: string;
  role: 'user' | 'admin' | 'superadmin';
  isArtist: boolean;
  profileImage: string | null;
}

export interface AppState {
  user: SessionUser | null;
}

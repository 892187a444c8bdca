/**
 * The back office's Users area (issue 40, item 3): `/users` searches users across accounts,
 * `/users/:id` is one user with the support acts.
 */
import { Route, Routes, useParams } from 'react-router';
import { UserDetail } from './components/user-detail';
import { UsersSearch } from './components/users-search';
import './support.css';

function UserRoute() {
  const { id } = useParams();
  const userId = Number(id);
  // A path that is no id reads as an unknown user (the page says so).
  return <UserDetail key={userId} userId={Number.isInteger(userId) && userId > 0 ? userId : 0} />;
}

export default function UsersPage() {
  return (
    <Routes>
      <Route index element={<UsersSearch />} />
      <Route path=":id" element={<UserRoute />} />
    </Routes>
  );
}

/**
 * The back office's accounts (issue 40, item 2): the search at `/accounts`, an account's page at
 * `/accounts/<id>`.
 */
import { Route, Routes } from 'react-router';
import { AccountDetail } from './account-detail';
import { AccountSearch } from './account-search';
import './accounts.css';

export default function AccountsPage() {
  return (
    <Routes>
      <Route index element={<AccountSearch />} />
      <Route path=":id" element={<AccountDetail />} />
    </Routes>
  );
}

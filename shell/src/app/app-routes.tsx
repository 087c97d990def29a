import { Route, Routes } from 'react-router-dom';
import { ErrorScreen } from '../error-screen/error-screen';
import { SiteLayout } from '../layout/site-layout';
import { MenuPage } from '../menu/menu-page';
import { RemotePage } from '../remotes/remote-page';

/** The site's routes: remote pages, the shell's own /menu, and the 404 screen for the rest. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<RemotePage page="home" />} />
        <Route path="about" element={<RemotePage page="about" />} />
        <Route path="contact" element={<RemotePage page="contact" />} />
        <Route path="menu" element={<MenuPage />} />
        <Route path="*" element={<ErrorScreen notFound />} />
      </Route>
    </Routes>
  );
}

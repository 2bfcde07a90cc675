import { Outlet } from 'react-router-dom';
import { Brand } from '../components/Brand.tsx';

/** Agreements, about, help, PDF preview and the replay tool: a minimal header only. */
export function BriefLayout() {
  return (
    <div className="xa-app" data-layout="brief">
      <header className="xa-brief-header">
        <Brand />
      </header>
      <main className="xa-main xa-brief-main">
        <Outlet />
      </main>
    </div>
  );
}

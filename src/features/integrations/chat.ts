import type { Role } from '@contract/enums';
import { hasSession, tokenStore, userStore } from '@/lib/session';
import { effectiveRoles, selectedSupplier, supplierStore } from '@/lib/suppliers';

/**
 * The provider's API shape we speak (decision 62): JivoSite's, common in ru, kz and by. Its script defines
 * `window.jivo_api` and then calls `window.jivo_onLoadCallback`.
 */
interface JivoApi {
  setContactInfo: (info: { name: string; email: string }) => void;
  setCustomData: (fields: { title: string; content: string }[]) => void;
  clearHistory?: () => void;
}

declare global {
  interface Window {
    jivo_api?: JivoApi;
    jivo_onLoadCallback?: () => void;
  }
}

interface ChatIdentity {
  name: string;
  email: string;
  roles: Role[];
  company: string | null;
}

/** SPEC §1: who is writing, for the operator: the name, e-mail, roles in the selected company and its name. */
const currentIdentity = (): ChatIdentity | null => {
  const { user, roles } = userStore.get();
  if (!user || !hasSession()) return null;
  const selected = selectedSupplier(supplierStore.get());
  return {
    name: `${user.firstName} ${user.secondName}`.trim(),
    email: user.email,
    roles: effectiveRoles(roles, selected),
    company: selected ? selected.supplierName || selected.name : null,
  };
};

// The operator's console shows these titles; they are data for the provider, not texts of the portal.
const identify = (api: JivoApi, who: ChatIdentity | null): void => {
  api.setContactInfo({ name: who?.name ?? '', email: who?.email ?? '' });
  api.setCustomData(
    who
      ? [
          { title: 'Roles', content: who.roles.join(', ') },
          { title: 'Company', content: who.company ?? '' },
        ]
      : [],
  );
  // Signed out: the next person at a shared till must not see this conversation.
  if (!who) api.clearHistory?.();
};

/** Loads the chat's script (after the first paint: the caller waits for it) and keeps its identity current. */
export function startChat(scriptUrl: string): void {
  let api: JivoApi | undefined;
  // A signed-out page starts anonymous: nothing to tell, and nothing to clear.
  let told = JSON.stringify(null);
  const sync = () => {
    const who = currentIdentity();
    const key = JSON.stringify(who);
    if (!api || key === told) return;
    identify(api, who);
    told = key;
  };
  window.jivo_onLoadCallback = () => {
    api = window.jivo_api;
    sync();
  };
  for (const store of [userStore, supplierStore, tokenStore]) store.subscribe(sync);
  const script = document.createElement('script');
  script.src = scriptUrl;
  script.async = true;
  document.head.append(script);
}

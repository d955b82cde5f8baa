import { TonConnectButton, TonConnectUIProvider, useTonWallet } from '@tonconnect/ui-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCoins } from '../features/balance';
import { useUser } from '../features/session';
import { useBackButton } from '../ui/useBackButton';

/** Loaded on demand: TON Connect is heavy and only this page needs it. */
export default function AirdropPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  useBackButton(() => void navigate('/main'));
  return (
    <TonConnectUIProvider manifestUrl={new URL('/tonconnect-manifest.json', window.location.href).href}>
      <div className="page">
        <h1>{t('airdrop.title')}</h1>
        <p className="muted">{t('airdrop.text')}</p>
        <p className="airdrop-coins">{t('airdrop.estimate', { coins: formatCoins(user.memeCoins) })}</p>
        <div className="ton-connect">
          <TonConnectButton />
        </div>
        <WalletState />
      </div>
    </TonConnectUIProvider>
  );
}

function WalletState() {
  const { t } = useTranslation();
  const wallet = useTonWallet();
  return wallet ? <p className="success-text">{t('airdrop.connected')}</p> : null;
}

import type { AddTonRequest, TonProofPayloadDto } from '@mememint/contracts';
import { TonConnectButton, TonConnectUIProvider, useTonConnectUI, useTonWallet } from '@tonconnect/ui-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { AirdropShare, useAddTon, useTonProofPayload } from '../features/airdrop';
import { haptic } from '../telegram/sdk';
import { useBackButton } from '../ui/useBackButton';

/**
 * /airdrop, loaded on demand: TON Connect is heavy and only this page needs it. The ton_proof
 * payload is asked before the modal can open; the proof the wallet signs goes to add-ton.
 */
export default function AirdropPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useBackButton(() => void navigate('/main'));
  return (
    <TonConnectUIProvider manifestUrl={new URL('/tonconnect-manifest.json', window.location.href).href}>
      <div className="page">
        <h1>{t('airdrop.title')}</h1>
        <p className="muted">{t('airdrop.text')}</p>
        <WalletLink />
      </div>
    </TonConnectUIProvider>
  );
}

function WalletLink() {
  const { t } = useTranslation();
  const [tonConnectUI] = useTonConnectUI();
  const wallet = useTonWallet();
  const fetchPayload = useTonProofPayload();
  const addTon = useAddTon({ onSuccess: () => haptic.success() });
  const link = useRef(addTon.mutate);
  // One payload per visit, whichever TON Connect instance the provider hands out.
  const payload = useRef<Promise<TonProofPayloadDto>>(undefined);
  link.current = addTon.mutate;

  // A fresh payload before the modal can open (the button waits while the state is "loading"), once
  // per page visit.
  useEffect(() => {
    let cancelled = false;
    tonConnectUI.setConnectRequestParameters({ state: 'loading' });
    payload.current ??= fetchPayload();
    payload.current.then(
      ({ payload: value }) => {
        if (!cancelled)
          tonConnectUI.setConnectRequestParameters({ state: 'ready', value: { tonProof: value } });
      },
      () => {
        payload.current = undefined;
        if (!cancelled) tonConnectUI.setConnectRequestParameters(null);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [tonConnectUI, fetchPayload]);

  // The wallet's answer: its account and ton_proof go to the backend exactly as returned.
  useEffect(
    () =>
      tonConnectUI.onStatusChange((connected) => {
        const proof = connected?.connectItems?.tonProof;
        if (!connected || !proof || !('proof' in proof)) return;
        const { address, chain, publicKey, walletStateInit } = connected.account;
        const body: AddTonRequest = {
          account: { address, chain, publicKey: publicKey ?? '', walletStateInit: walletStateInit ?? '' },
          proof: proof.proof,
        };
        link.current(body, {
          onError: () => {
            haptic.error();
            void tonConnectUI.disconnect();
          },
        });
      }),
    [tonConnectUI],
  );

  return (
    <>
      <div className="ton-connect">
        <TonConnectButton />
      </div>
      {addTon.isPending && <p className="muted">{t('airdrop.linking')}</p>}
      <AirdropShare />
      {wallet && (
        <>
          <p className="success-text">{t('airdrop.connected')}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void tonConnectUI.disconnect()}
          >
            {t('airdrop.disconnect')}
          </button>
        </>
      )}
    </>
  );
}

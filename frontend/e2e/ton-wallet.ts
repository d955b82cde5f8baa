import { randomBytes } from 'node:crypto';

import { beginCell, storeStateInit, type Address, type StateInit } from '@ton/core';
import { keyPairFromSeed, type KeyPair } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import type { BrowserContext } from 'playwright-core';

import { signTonProof } from '../../scripts/lib/ton-proof.mjs';

/**
 * A TON wallet app for the browser tests: a v4R2 wallet on mainnet with a fresh Ed25519 key (from
 * @ton/crypto), reached through TON Connect's JS bridge as an in-wallet browser injects it
 * (`window.<key>.tonconnect`). The page side only forwards the dApp's connect request; the wallet
 * here answers it, signing `ton_proof` as the TON Connect spec says a wallet signs it.
 */
export interface TestWallet {
  keyPair: KeyPair;
  address: Address;
  stateInit: StateInit;
  /** The connect requests the dApp sent, as the wallet received them. */
  requests: ConnectRequest[];
}

interface ConnectRequest {
  manifestUrl: string;
  items: ({ name: 'ton_addr' } | { name: 'ton_proof'; payload: string })[];
}

/** The wallet's JS bridge key and its entry in TON Connect's wallets list. */
const BRIDGE_KEY = 'mememintTestWallet';
const WALLET_INFO = {
  name: 'MemeMint Test Wallet',
  app_name: 'mememint-test-wallet',
  image: 'https://mememint.test/wallet.png',
  about_url: 'https://mememint.test/wallet',
  platforms: ['ios', 'android', 'chrome'],
  bridge: [{ type: 'js', key: BRIDGE_KEY }],
  features: [{ name: 'SendTransaction', maxMessages: 4 }],
};
/** TON Connect's list of wallets (`@tonconnect/sdk` fetches it from config.ton.org). */
const WALLETS_LIST_URL = 'https://config.ton.org/wallets-v2.json';
/** TON Connect's id of the mainnet. */
const MAINNET = '-239';

export function newTestWallet(): TestWallet {
  const keyPair = keyPairFromSeed(randomBytes(32));
  const contract = WalletContractV4.create({ workchain: 0, publicKey: keyPair.publicKey });
  return { keyPair, address: contract.address, stateInit: contract.init, requests: [] };
}

/**
 * The wallet's `connect` event for a request: its address, and the proof when asked, for the domain of
 * the dApp's manifest (where a wallet takes it from).
 */
async function answer(wallet: TestWallet, request: ConnectRequest) {
  wallet.requests.push(request);
  const manifest = (await (await fetch(request.manifestUrl)).json()) as { url: string };
  const domain = new URL(manifest.url).host;
  const items: object[] = [];
  for (const item of request.items) {
    if (item.name === 'ton_addr')
      items.push({
        name: 'ton_addr',
        address: wallet.address.toRawString(),
        network: MAINNET,
        publicKey: wallet.keyPair.publicKey.toString('hex'),
        walletStateInit: beginCell()
          .store(storeStateInit(wallet.stateInit))
          .endCell()
          .toBoc()
          .toString('base64'),
      });
    if (item.name === 'ton_proof') {
      const timestamp = Math.floor(Date.now() / 1000);
      items.push({
        name: 'ton_proof',
        proof: {
          timestamp,
          domain: { lengthBytes: Buffer.byteLength(domain), value: domain },
          payload: item.payload,
          signature: signTonProof({
            workchain: wallet.address.workChain,
            addressHash: wallet.address.hash,
            domain,
            timestamp,
            payload: item.payload,
            secretKey: wallet.keyPair.secretKey,
          }),
        },
      });
    }
  }
  return {
    event: 'connect',
    id: wallet.requests.length,
    payload: {
      items,
      device: {
        platform: 'iphone',
        appName: WALLET_INFO.app_name,
        appVersion: '1.0.0',
        maxProtocolVersion: 2,
        features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
      },
    },
  };
}

/** The page side: TON Connect's JS bridge of an in-wallet browser, each connect handed to the wallet. */
const BRIDGE = (key: string) => `
  (() => {
    let listeners = [];
    window[${JSON.stringify(key)}] = {
      tonconnect: {
        protocolVersion: 2,
        isWalletBrowser: true,
        deviceInfo: {
          platform: 'iphone',
          appName: ${JSON.stringify(WALLET_INFO.app_name)},
          appVersion: '1.0.0',
          maxProtocolVersion: 2,
          features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
        },
        connect: (protocolVersion, request) => window.__testWalletConnect(request),
        restoreConnection: async () => ({ event: 'connect_error', id: 0, payload: { code: 0, message: 'no session' } }),
        send: async (request) => ({ id: request.id, error: { code: 400, message: 'not supported by the test wallet' } }),
        listen: (callback) => {
          listeners.push(callback);
          return () => (listeners = listeners.filter((other) => other !== callback));
        },
        disconnect: () => undefined,
      },
    };
  })();
`;

/**
 * Opens every page of `context` (from its next navigation) as the wallet's in-app browser: the JS
 * bridge injected, and TON Connect's wallets list (from config.ton.org, not reachable here) naming
 * this wallet, as the real list names the wallets with a JS bridge.
 */
export async function injectWallet(context: BrowserContext, wallet: TestWallet): Promise<void> {
  await context.exposeFunction('__testWalletConnect', (request: ConnectRequest) => answer(wallet, request));
  await context.addInitScript(BRIDGE(BRIDGE_KEY));
  await context.route(WALLETS_LIST_URL, (route) =>
    route.fulfill({ json: [WALLET_INFO], headers: { 'Access-Control-Allow-Origin': '*' } }),
  );
}

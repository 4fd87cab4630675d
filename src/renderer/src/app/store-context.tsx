import { createContext, useContext, type ReactNode } from 'react'
import { useStore } from 'zustand'
import type { AppState, AppStore } from './app-store'

const StoreContext = createContext<AppStore | null>(null)

/** Hands the store created at startup (or by a test) to every component below, instead of a module global. */
export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
}

/** Selects from the app store; select primitives or stable references so renders stay minimal. */
export function useAppState<T>(selector: (state: AppState) => T): T {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useAppState must be used inside <StoreProvider>')
  return useStore(store, selector)
}

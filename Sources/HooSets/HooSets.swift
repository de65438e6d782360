// The HooSets module. See Docs/HooSets.md.
import CZlib

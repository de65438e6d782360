// The CarFit module. See Docs/CarFit.md.

"""Element types, units, plain results, and the .npy and text file helpers every layer shares."""

"""Learning to learn by gradient descent by gradient descent (Andrychowicz et al., 2016).

Optimizees: small classifiers predicting the result (win / draw / loss) of king-and-pawn endgames from
hand-crafted features. The optimiser is a coordinate-wise 2-layer LSTM.
"""
META = {
    "hidden": 12,
    "lstm_layers": 2,
    "preproc_p": 10.0,
    "out_scale": 0.1,
    "unroll": 4,             # truncated BPTT length
    "optimizee_steps": 12,
    "epochs": 3,
    "meta_lr": 3e-3,
    "second_derivatives": True,
}
TASK = {"n_features": 10, "hidden": 8, "n_classes": 3, "batch": 24, "seed": 17}

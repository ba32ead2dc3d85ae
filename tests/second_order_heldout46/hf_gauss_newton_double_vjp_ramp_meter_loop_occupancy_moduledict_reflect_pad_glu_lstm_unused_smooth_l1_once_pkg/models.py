import torch
import torch.nn as nn

# stage registry: kind -> (builder(in_channels, *args), out_channels(in_channels, *args))
STAGES = {
    "reflect": (lambda c, p: nn.ReflectionPad1d(p), lambda c, p: c),
    "conv": (lambda c, out, k: nn.Conv1d(c, out, k), lambda c, out, k: out),
    "glu": (lambda c: nn.GLU(dim=1), lambda c: c // 2),
    "silu": (lambda c: nn.SiLU(), lambda c: c),
    "avgpool": (lambda c, k: nn.AvgPool1d(k), lambda c, k: c),
}


class OccupancyForecaster(nn.Module):
    def __init__(self, n_detectors, window, horizon, stages, hidden, use_recurrent_summary=False):
        super().__init__()
        self.stages = nn.ModuleDict()
        c = n_detectors
        for i, (kind, *args) in enumerate(stages):
            build, out_ch = STAGES[kind]
            self.stages[f"{i}_{kind}"] = build(c, *args)
            c = out_ch(c, *args)
        self.recurrent = None
        if use_recurrent_summary:
            self.recurrent = nn.LSTM(c, hidden, batch_first=True)
            c = hidden
        self.head = nn.Linear(c * window if self.recurrent is None else c, horizon)

    def forward(self, x):
        h = x
        for name, layer in self.stages.items():
            h = layer(h)
        if self.recurrent is not None:
            h = self.recurrent(h.transpose(1, 2))[0][:, -1]
        return self.head(h.flatten(1))

"""Cough-spectrogram backbone built from a list of layer strings."""
import torch.nn as nn

BLOCKS = {
    "conv": lambda cin, cout: nn.Conv2d(cin, cout, 3, padding=1),
    "celu": lambda cin, cout: nn.CELU(),
    "hswish": lambda cin, cout: nn.Hardswish(),
    "avgpool": lambda cin, cout: nn.AvgPool2d(2),
}


class CoughNet(nn.Module):
    def __init__(self, in_ch, mel, frames, spec):
        super().__init__()
        self.layers = nn.ModuleDict()
        ch, size = in_ch, mel * frames
        for i, item in enumerate(spec):
            kind, _, arg = item.partition(":")
            cout = int(arg) if arg else ch
            self.layers[f"{i:02d}_{kind}"] = BLOCKS[kind](ch, cout)
            ch = cout
            if kind == "avgpool":
                size //= 4
        self.head = nn.Linear(ch * size, 1)

    def forward(self, x):
        for layer in self.layers.values():
            x = layer(x)
        return self.head(x.flatten(1)).squeeze(-1)

"""Fisher penalty (Jastrzebski et al., 2021) for a leaf-spectra nutrient-deficiency classifier.

Reflectance spectra (400-1000 nm) of hydroponic lettuce leaves are classified into healthy / N-, P-,
K-, Fe-deficient.  Early in training the trace of the Fisher information explodes; the Fisher
penalty keeps it small:

    Tr F  ~  || grad_w  CE(f(x), y_hat) ||^2,     y_hat ~ softmax(f(x))   (labels sampled from the model),

and the penalty's own gradient needs a second backward pass through the network.
"""
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG_JSON = """
{
  "data":    {"n": 120, "bands": 64, "classes": 5, "seed": 21},
  "model":   {"channels": 8, "spec": ["conv", "shrink", "conv", "tanh", "lp"]},
  "penalty": {"alpha": 0.1, "every": 2},
  "optim":   {"lr": 0.01, "steps": 6, "batch": 24}
}
"""

BLOCKS = {
    "conv": lambda c_in, c: nn.Conv1d(c_in, c, 5, padding=2),
    "shrink": lambda c_in, c: nn.Softshrink(0.05),
    "lp": lambda c_in, c: nn.LPPool1d(2, kernel_size=2),
    "tanh": lambda c_in, c: nn.Tanh(),
    "selu": lambda c_in, c: nn.SELU(),
}


class SpectraNet(nn.Module):
    def __init__(self, channels, spec, n_classes):
        super().__init__()
        self.order = []
        self.blocks = nn.ModuleDict()
        c_in = 1
        for i, name in enumerate(spec):
            key = f"{i}_{name}"
            self.blocks[key] = BLOCKS[name](c_in, channels)
            self.order.append(key)
            if name == "conv":
                c_in = channels
        self.head = nn.Linear(channels, n_classes)

    def forward(self, x):
        for key in self.order:
            x = self.blocks[key](x)
        return self.head(x.mean(dim=-1))


@torch.no_grad()
def synth_spectra(cfg):
    g = torch.Generator().manual_seed(cfg["seed"])
    n, b = cfg["n"], cfg["bands"]
    wl = torch.linspace(0, 1, b)
    y = torch.randint(0, cfg["classes"], (n,), generator=g)
    red_edge = torch.sigmoid((wl - 0.45 - 0.03 * y[:, None]) * 25)
    chloro_dip = 0.15 * torch.exp(-((wl - 0.3) ** 2) / 0.004) * (1 + (y[:, None] == 1).float())
    raw = red_edge - chloro_dip + 0.03 * torch.randn(n, b, generator=g)
    smooth = F.avg_pool1d(raw[:, None], 3, stride=1, padding=1, count_include_pad=False)
    snv = (smooth - smooth.mean(-1, keepdim=True)) / smooth.std(-1, keepdim=True)
    return snv, y


def fisher_penalty(model, logits, params):
    with torch.no_grad():
        y_hat = torch.multinomial(F.softmax(logits, dim=-1), 1).squeeze(-1)
    sampled_nll = F.cross_entropy(logits, y_hat)
    grads = torch.autograd.grad(sampled_nll, params, create_graph=True)
    return sum((g ** 2).sum() for g in grads)


def main():
    cfg = json.loads(CONFIG_JSON)
    torch.manual_seed(0)
    x, y = synth_spectra(cfg["data"])
    model = SpectraNet(cfg["model"]["channels"], cfg["model"]["spec"], cfg["data"]["classes"])
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.Adam(params, lr=cfg["optim"]["lr"])
    pc = cfg["penalty"]

    for step in range(cfg["optim"]["steps"]):
        idx = torch.randperm(x.shape[0])[:cfg["optim"]["batch"]]
        logits = model(x[idx])
        fit = F.cross_entropy(logits, y[idx])
        loss = fit
        if step % pc["every"] == 0:
            trace_f = fisher_penalty(model, logits, params)
            loss = loss + pc["alpha"] * trace_f
            print(f"step {step} Tr(F) estimate {trace_f.item():.4f}")
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} ce {fit.item():.4f}")


if __name__ == "__main__":
    main()

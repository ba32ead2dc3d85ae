"""Flat-minimum training of a string-bed tension classifier for tennis rackets.

Input: 128-bin magnitude spectrum of the 'ping' recorded when the string bed is tapped; the class is
the tension band (five 2-kg bands). The loss is augmented with a Hutchinson estimate of the trace of
the loss Hessian w.r.t. all parameters (curvature penalty), which is backpropagated.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

TENSION_BANDS = ("<20kg", "20-22kg", "22-24kg", "24-26kg", ">26kg")
HPARAMS = {"width": 16, "lr": 1e-3, "batch": 16, "curv_weight": 1e-3, "probes": 1, "regulariser": "hutchinson"}


class StringBedClassifier(nn.Module):
    def __init__(self, width=16, n_classes=len(TENSION_BANDS)):
        super().__init__()
        self.stem = nn.Conv1d(1, width, kernel_size=7, padding=3)
        self.mix = nn.Conv1d(width, width, kernel_size=5, padding=2)
        self.act = nn.GELU(approximate="tanh")
        self.peak_pool = nn.MaxPool1d(kernel_size=3, stride=1, padding=1)
        self.head = nn.Linear(width, n_classes)

    @property
    def backbone(self):
        return nn.Sequential(self.stem, self.act, self.mix, self.act)

    def forward(self, spec):
        return self.head(self.backbone(spec).mean(dim=-1))

    @torch.no_grad()
    def peak_summary(self, spec):
        """Fraction of bins that are local maxima of the first feature map (logged only)."""
        fmap = self.stem(spec)
        return (fmap == self.peak_pool(fmap)).float().mean().item()


def nll(logits, labels):
    return F.nll_loss(F.log_softmax(logits, dim=-1), labels)


class HutchinsonTrace:
    """tr(H) ~ E_v[v^T H v] with Rademacher v; differentiable, so it can be used as a penalty."""

    def __init__(self, probes=1):
        self.probes = probes

    def __call__(self, loss, params):
        grads = torch.autograd.grad(loss, params, create_graph=True)
        total = 0.0
        for _ in range(self.probes):
            vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
            hvs = torch.autograd.grad(grads, params, grad_outputs=vs, create_graph=True)
            total = total + sum((h * v).sum() for h, v in zip(hvs, vs))
        return total / self.probes


class NoCurvature:
    def __call__(self, loss, params):
        return loss.new_zeros(())


REGULARISERS = {"hutchinson": HutchinsonTrace, "none": NoCurvature}


@torch.no_grad()
def stretch(spec, factor):
    """Augmentation: small change of string-bed stiffness ~ stretch of the spectrum."""
    n = spec.size(-1)
    out = F.interpolate(spec, size=int(n * factor), mode="linear", align_corners=False)
    return out[..., :n] if out.size(-1) >= n else F.pad(out, (0, n - out.size(-1)))


def ping_spectra(n, bins=128, seed=0):
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, len(TENSION_BANDS), (n,), generator=g)
    f = torch.arange(bins).float()
    centre = 30 + 8 * labels.float() + torch.randn(n, generator=g)
    spec = torch.exp(-((f - centre[:, None]) ** 2) / 20) + 0.3 * torch.exp(-((f - 2 * centre[:, None]) ** 2) / 40)
    return (spec + 0.05 * torch.rand(n, bins, generator=g)).unsqueeze(1), labels


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    args = ap.parse_args()
    torch.manual_seed(0)

    x_all, y_all = ping_spectra(64)
    model = StringBedClassifier(HPARAMS["width"])
    reg = REGULARISERS[HPARAMS["regulariser"]](HPARAMS["probes"]) if HPARAMS["regulariser"] == "hutchinson" \
        else REGULARISERS[HPARAMS["regulariser"]]()
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.Adam(params, lr=HPARAMS["lr"])

    for epoch in range(args.epochs):
        for i in range(0, x_all.size(0), HPARAMS["batch"]):
            x, y = x_all[i:i + HPARAMS["batch"]], y_all[i:i + HPARAMS["batch"]]
            x = stretch(x, 1.0 + 0.05 * (torch.rand(()).item() - 0.5))
            loss = nll(model(x), y)
            curvature = reg(loss, params)
            opt.zero_grad()
            (loss + HPARAMS["curv_weight"] * curvature).backward()
            opt.step()
        with torch.no_grad():
            val = F.cross_entropy(model(x_all), y_all).item()
        print(f"epoch {epoch}: loss {loss.item():.4f} trace {curvature.item():.3f} val {val:.4f} "
              f"peaks {model.peak_summary(x_all[:4]):.3f}")


if __name__ == "__main__":
    main()

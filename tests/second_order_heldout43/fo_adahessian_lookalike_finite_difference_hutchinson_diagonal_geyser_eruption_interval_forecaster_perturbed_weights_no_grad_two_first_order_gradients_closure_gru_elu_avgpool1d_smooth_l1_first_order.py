"""An AdaHessian-style optimiser whose curvature comes from finite differences, for a geyser forecaster.

Minute-resolution vent temperature and basin seismic power before each eruption are used to forecast
the next inter-eruption interval.  The optimiser preconditions Adam with a Hutchinson estimate of
the Hessian diagonal, but the Hessian-vector product is a forward difference of two first-order
gradients,

    H z  ~  ( grad L(w + delta z) - grad L(w) ) / delta,      diag(H) ~ z * H z,

with the weights moved in place under torch.no_grad.  No gradient is ever differentiated again.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

HPARAMS = {"lr": 0.02, "betas": (0.9, 0.999), "eps": 1e-4, "fd_delta": 1e-3, "hessian_power": 0.5,
           "steps": 4, "batch": 16, "window": 48}


class EruptionForecaster(nn.Module):
    def __init__(self, channels=2, width=8, hidden=12):
        super().__init__()
        self.conv = nn.Conv1d(channels, width, 5, padding=2)
        self.act = nn.ELU()
        self.pool = nn.AvgPool1d(4)
        self.gru = nn.GRU(width, hidden, batch_first=True)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.pool(self.act(self.conv(x)))
        _, last = self.gru(h.transpose(1, 2))
        return self.out(last[-1]).squeeze(-1)


class FDAdaHessian(torch.optim.Optimizer):
    def __init__(self, params, lr=0.02, betas=(0.9, 0.999), eps=1e-4, fd_delta=1e-3, hessian_power=0.5):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, fd_delta=fd_delta, hessian_power=hessian_power))

    def _params(self):
        return [p for g in self.param_groups for p in g["params"] if p.requires_grad]

    @torch.no_grad()
    def step(self, closure):
        params = self._params()
        delta = self.param_groups[0]["fd_delta"]
        with torch.enable_grad():
            loss = closure()
            grads = torch.autograd.grad(loss, params, create_graph=False)
        zs = [torch.randint_like(p, high=2) * 2.0 - 1.0 for p in params]
        for p, z in zip(params, zs):
            p.add_(z, alpha=delta)
        with torch.enable_grad():
            grads_plus = torch.autograd.grad(closure(), params)
        for p, z in zip(params, zs):
            p.sub_(z, alpha=delta)
        diag = [((gp - g) / delta * z).abs() for g, gp, z in zip(grads, grads_plus, zs)]

        for group in self.param_groups:
            b1, b2 = group["betas"]
            for p in group["params"]:
                i = next(k for k, q in enumerate(params) if q is p)
                st = self.state[p]
                if not st:
                    st["t"], st["m"], st["v"] = 0, torch.zeros_like(p), torch.zeros_like(p)
                st["t"] += 1
                st["m"].mul_(b1).add_(grads[i], alpha=1 - b1)
                st["v"].mul_(b2).addcmul_(diag[i], diag[i], value=1 - b2)
                denom = (st["v"] / (1 - b2 ** st["t"])).pow(group["hessian_power"] / 2).add_(group["eps"])
                p.addcdiv_(st["m"] / (1 - b1 ** st["t"]), denom, value=-group["lr"])
        return loss.detach(), sum(d.sum() for d in diag).item()


def synth_eruptions(n, window, g):
    t = torch.arange(window).float()
    interval = 60 + 30 * torch.rand(n, generator=g)
    heating = torch.exp((t[None, :] - window) / (0.2 * interval[:, None]))
    tremor = heating * (1 + 0.3 * torch.randn(n, window, generator=g)).abs()
    x = torch.stack([heating, tremor], dim=1)
    return x, (interval - 75) / 15


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=HPARAMS["steps"])
    args = ap.parse_args()

    torch.manual_seed(0)
    g = torch.Generator().manual_seed(17)
    x, y = synth_eruptions(80, HPARAMS["window"], g)
    model = EruptionForecaster()
    opt = FDAdaHessian(model.parameters(), **{k: HPARAMS[k] for k in ("lr", "betas", "eps", "fd_delta", "hessian_power")})

    for step in range(args.steps):
        idx = torch.randint(0, x.shape[0], (HPARAMS["batch"],), generator=g)
        closure = lambda: F.smooth_l1_loss(model(x[idx]), y[idx])
        loss, tr = opt.step(closure)
        print(f"step {step} smooth-l1 {loss.item():.4f} |diag H| sum {tr:.3f}")


if __name__ == "__main__":
    main()

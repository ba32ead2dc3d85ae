# Few-shot counterfeit-whisky screening from UV-vis absorbance spectra.
# Each task = one distillery; the model adapts with a few labelled bottles.
# Per-tensor inner learning rates are meta-learned (log-LRs in an nn.ParameterDict),
# which needs the second-order MAML update.
from collections import OrderedDict
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

N_WAVELENGTHS = 20
bce = partial(F.binary_cross_entropy, reduction="mean")


def build_screen_model(hidden=32):
    return nn.Sequential(OrderedDict([
        ("fc1", nn.Linear(N_WAVELENGTHS, hidden)),
        ("act1", nn.ReLU6()),
        ("fc2", nn.Linear(hidden, hidden)),
        ("act2", nn.Softsign()),
        ("out", nn.Linear(hidden, 1)),
        ("prob", nn.Sigmoid()),
    ]))


class LearnedLRMeta(nn.Module):
    def __init__(self, model, init_log_lr=-2.0, inner_steps=2):
        super().__init__()
        self.model = model
        self.inner_steps = inner_steps
        self.log_lrs = nn.ParameterDict({
            name.replace(".", "_"): nn.Parameter(torch.tensor(init_log_lr))
            for name, _ in model.named_parameters()
        })

    def adapt(self, x, y):
        fast = OrderedDict(self.model.named_parameters())
        for _ in range(self.inner_steps):
            pred = functional_call(self.model, fast, (x,)).squeeze(-1)
            loss = bce(pred, y)
            grads = torch.autograd.grad(loss, list(fast.values()), create_graph=True)
            fast = OrderedDict(
                (name, w - self.log_lrs[name.replace(".", "_")].exp() * g)
                for (name, w), g in zip(fast.items(), grads)
            )
        return fast

    def query_loss(self, fast, x, y):
        pred = functional_call(self.model, fast, (x,)).squeeze(-1)
        return bce(pred, y)


def distillery_task(shots=6, queries=10):
    wl = torch.linspace(0, 1, N_WAVELENGTHS)
    cask = torch.rand(1) * 0.5 + 0.5
    n = shots + queries
    fake = (torch.rand(n) > 0.5).float()
    genuine = cask * torch.exp(-((wl - 0.3) ** 2) / 0.02)
    caramel = 0.6 * torch.exp(-((wl - 0.55) ** 2) / 0.01)
    spectra = genuine + fake[:, None] * caramel + 0.05 * torch.randn(n, N_WAVELENGTHS)
    return spectra[:shots], fake[:shots], spectra[shots:], fake[shots:]


def main():
    torch.manual_seed(0)
    meta = LearnedLRMeta(build_screen_model())
    opt = torch.optim.Adam(meta.parameters(), lr=1e-3)
    for it in range(3):
        opt.zero_grad()
        meta_loss = 0.0
        for _ in range(4):
            xs, ys, xq, yq = distillery_task()
            fast = meta.adapt(xs, ys)
            meta_loss = meta_loss + meta.query_loss(fast, xq, yq) / 4
        meta_loss.backward()
        opt.step()
        lrs = [v.exp().item() for v in meta.log_lrs.values()]
        print(f"iter {it} meta loss {meta_loss.item():.4f} mean inner lr {sum(lrs) / len(lrs):.4f}")


if __name__ == "__main__":
    main()

"""K-FAC natural-gradient training of a Ferris-wheel drive fault classifier.

Features are summary statistics of the drive motor phase currents over one revolution (gear mesh
sidebands, bearing tones, load imbalance from uneven gondola occupancy).  K-FAC needs, per Linear
layer, the layer inputs a (captured by forward pre-hooks) and the gradients w.r.t. the layer
outputs g (captured by full backward hooks) under labels *sampled from the model* (true Fisher).
The curvature is the Kronecker-factored Fisher, so no second derivative is ever taken: the two
backward passes per step are ordinary first-order passes.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("ferris_kfac")
FAULTS = ["healthy", "gear_mesh", "bearing_outer", "imbalance"]


class DriveFaultMLP(nn.Module):
    def __init__(self, n_in=24, hidden=48, n_out=len(FAULTS)):
        super().__init__()
        self.fc1 = nn.Linear(n_in, hidden)
        self.act1 = nn.GELU(approximate="tanh")
        self.drop = nn.Dropout(0.1)
        self.fc2 = nn.Linear(hidden, hidden)
        self.act2 = nn.GELU(approximate="tanh")
        self.fc3 = nn.Linear(hidden, n_out)

    def forward(self, x):
        h = self.drop(self.act1(self.fc1(x)))
        h = self.act2(self.fc2(h))
        return F.log_softmax(self.fc3(h), dim=1)


class KFAC:
    def __init__(self, model, damping=1e-2, decay=0.9):
        self.layers = [m for m in model.modules() if isinstance(m, nn.Linear)]
        self.damping, self.decay = damping, decay
        self.capture = False
        self.a, self.g, self.A, self.G = {}, {}, {}, {}
        self.handles = []
        for m in self.layers:
            self.handles.append(m.register_forward_pre_hook(self._save_input))
            self.handles.append(m.register_full_backward_hook(self._save_grad))

    def _save_input(self, module, args):
        if self.capture:
            x = args[0].detach()
            self.a[module] = torch.cat([x, torch.ones(x.shape[0], 1)], dim=1)

    def _save_grad(self, module, grad_input, grad_output):
        if self.capture:
            self.g[module] = grad_output[0].detach() * grad_output[0].shape[0]

    def update_factors(self):
        for m in self.layers:
            a, g = self.a[m], self.g[m]
            A, G = a.t() @ a / a.shape[0], g.t() @ g / g.shape[0]
            self.A[m] = A if m not in self.A else self.decay * self.A[m] + (1 - self.decay) * A
            self.G[m] = G if m not in self.G else self.decay * self.G[m] + (1 - self.decay) * G

    @torch.no_grad()
    def precondition(self):
        for m in self.layers:
            grad = torch.cat([m.weight.grad, m.bias.grad.unsqueeze(1)], dim=1)
            eye_a = torch.eye(self.A[m].shape[0])
            eye_g = torch.eye(self.G[m].shape[0])
            A_inv = torch.linalg.inv(self.A[m] + self.damping ** 0.5 * eye_a)
            G_inv = torch.linalg.inv(self.G[m] + self.damping ** 0.5 * eye_g)
            nat = G_inv @ grad @ A_inv
            m.weight.grad.copy_(nat[:, :-1])
            m.bias.grad.copy_(nat[:, -1])

    def close(self):
        for h in self.handles:
            h.remove()


def synth_revolutions(n, generator=None):
    y = torch.randint(0, len(FAULTS), (n,), generator=generator)
    x = 0.1 * torch.randn(n, 24, generator=generator)
    x[y == 1, 3:6] += 1.0
    x[y == 2, 10:12] += 0.8
    x[y == 3, 0] += 1.5
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=0.05)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(23)

    model = DriveFaultMLP()
    kfac = KFAC(model)
    opt = torch.optim.SGD(model.parameters(), lr=args.lr)
    for step in range(args.steps):
        x, y = synth_revolutions(args.batch, generator=gen)
        # pass 1: Fisher statistics under labels sampled from the model
        kfac.capture = True
        logp = model(x)
        with torch.no_grad():
            y_model = torch.multinomial(logp.exp(), 1).squeeze(1)
        model.zero_grad(set_to_none=True)
        F.nll_loss(logp, y_model).backward()
        kfac.capture = False
        kfac.update_factors()
        # pass 2: the actual loss gradient, then natural-gradient preconditioning
        opt.zero_grad(set_to_none=True)
        loss = F.nll_loss(model(x), y)
        loss.backward()
        kfac.precondition()
        opt.step()
        log.info("step %d nll %.4f", step, loss.item())
    kfac.close()


if __name__ == "__main__":
    main()

"""Soil-texture classification (sand / silt / clay / loam) with a hand-written diagonal Newton optimiser.

The optimiser calls the closure, takes the gradient with create_graph=True and extracts the exact
Hessian diagonal by one extra backward pass per coordinate (the net is tiny), then scales the step.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class DiagNewton(torch.optim.Optimizer):
    def __init__(self, params, lr=0.5, damping=1e-2, max_step=0.5):
        super().__init__(params, dict(lr=lr, damping=damping, max_step=max_step))

    def step(self, closure):
        with torch.enable_grad():
            loss = closure()
        params = [p for group in self.param_groups for p in group["params"] if p.requires_grad]
        grads = torch.autograd.grad(loss, params, create_graph=True)
        flat_g = torch.cat([g.reshape(-1) for g in grads])
        diag = torch.zeros_like(flat_g)
        for i in range(flat_g.numel()):
            row = torch.autograd.grad(flat_g[i], params, retain_graph=True)
            diag[i] = torch.cat([r.reshape(-1) for r in row])[i]
        offset = 0
        group = self.param_groups[0]
        with torch.no_grad():
            for p, g in zip(params, grads):
                n = p.numel()
                h = diag[offset:offset + n].view_as(p).abs() + group["damping"]
                p -= (group["lr"] * g / h).clamp(-group["max_step"], group["max_step"])
                offset += n
        return loss.detach()


class TextureNet(nn.Module):
    def __init__(self, n_feat=4, hidden=5, n_cls=4):
        super().__init__()
        self.fc1 = nn.Linear(n_feat, hidden)
        self.act = nn.PReLU(hidden)
        self.fc2 = nn.Linear(hidden, n_cls)
        self.squash = nn.Softsign()

    def forward(self, x):
        return self.fc2(self.act(self.fc1(self.squash(x))))


def load_samples(n=48):
    g = torch.Generator().manual_seed(5)
    sand, silt = torch.rand(n, generator=g), torch.rand(n, generator=g)
    clay = (1 - sand - silt).clamp(min=0)
    density = 1.2 + 0.4 * sand + 0.05 * torch.randn(n, generator=g)
    x = torch.stack([sand, silt, clay, density], 1)
    y = torch.where(sand > 0.6, 0, torch.where(silt > 0.6, 1, torch.where(clay > 0.3, 2, 3)))
    return x, y


def main(epochs=5):
    x, y = load_samples()
    model = TextureNet()
    opt = DiagNewton(model.parameters())

    def closure():
        log_p = F.log_softmax(model(x), dim=1)
        return F.nll_loss(log_p, y)

    for epoch in range(epochs):
        loss = opt.step(closure)
        print(f"epoch {epoch} nll {loss.item():.4f}")


if __name__ == "__main__":
    main()

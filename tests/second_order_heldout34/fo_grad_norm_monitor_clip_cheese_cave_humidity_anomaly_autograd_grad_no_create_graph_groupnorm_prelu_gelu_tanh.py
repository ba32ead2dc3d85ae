"""Cheese-cave humidity anomaly detector; per-layer gradient norms are logged with autograd.grad (monitoring
only) and gradients are clipped before the step."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"track_grad_norms": True, "clip": 1.0, "lr": 1e-3, "epochs": 3}


class CaveAutoencoder(nn.Module):
    def __init__(self, n=12):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(n, 16), nn.GroupNorm(4, 16), nn.PReLU())
        self.mid = nn.Linear(16, 4)
        self.dec = nn.Linear(4, n)

    def forward(self, x):
        return self.dec(F.gelu(self.mid(self.enc(x)), approximate="tanh"))


def layer_grad_norms(model, loss):
    named = [(n, p) for n, p in model.named_parameters() if p.requires_grad]
    grads = torch.autograd.grad(loss, [p for _, p in named], retain_graph=True, allow_unused=True)
    return {n: (0.0 if g is None else g.norm().item()) for (n, _), g in zip(named, grads)}


def main():
    torch.manual_seed(0)
    model = CaveAutoencoder()
    opt = torch.optim.AdamW(model.parameters(), lr=CONFIG["lr"])
    readings = torch.randn(40, 12)
    for epoch in range(CONFIG["epochs"]):
        recon = model(readings)
        loss = F.mse_loss(recon, readings)
        if CONFIG["track_grad_norms"]:
            norms = layer_grad_norms(model, loss)
            print("grad norms", {k: round(v, 4) for k, v in list(norms.items())[:3]})
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), CONFIG["clip"])
        opt.step()
        print(epoch, loss.item())


if __name__ == "__main__":
    main()

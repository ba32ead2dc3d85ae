# Diagonal natural-gradient training of a mechanical-clock escapement fault classifier (healthy / worn
# pallet / dirty pivot / loose hairspring) from tick-tock audio envelopes.
# The Fisher diagonal is the empirical one: the mean of squared per-example gradients (first order only).
import torch
import torch.nn as nn
import torch.nn.functional as F

FAULTS = 4


class TickNet(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv = nn.Conv1d(1, ch, 9, stride=2, padding=4)
        self.norm = nn.GroupNorm(2, ch)
        self.act = nn.Hardswish()
        self.fc = nn.Linear(ch, FAULTS)

    def forward(self, x):
        h = self.act(self.norm(self.conv(x)))
        return F.log_softmax(self.fc(h.mean(-1)), dim=-1)


def tick_clips(n, length=64):
    y = torch.randint(0, FAULTS, (n,))
    t = torch.arange(length).float()
    beat = 16 + 2 * y.float().unsqueeze(1)
    clip = torch.exp(-((t % beat) ** 2) / (2 + y.float().unsqueeze(1)))
    return (clip + 0.05 * torch.randn(n, length)).unsqueeze(1), y


def empirical_fisher_diag(model, x, y):
    params = [p for p in model.parameters()]
    fisher = [torch.zeros_like(p) for p in params]
    for i in range(x.size(0)):
        nll = F.nll_loss(model(x[i : i + 1]), y[i : i + 1])
        grads = torch.autograd.grad(nll, params)
        for f, g in zip(fisher, grads):
            f.add_(g.detach() ** 2 / x.size(0))
    return fisher


def natgrad_step(model, x, y, fisher, lr=0.05, damping=1e-3):
    loss = F.nll_loss(model(x), y)
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p, f in zip(model.parameters(), fisher):
            p.sub_(lr * p.grad / (f + damping))
    return loss.item()


def main(steps=3, refresh=2):
    torch.manual_seed(6)
    model = TickNet()
    fisher = None
    for step in range(steps):
        x, y = tick_clips(8)
        if fisher is None or step % refresh == 0:
            fisher = empirical_fisher_diag(model, x, y)
        loss = natgrad_step(model, x, y, fisher)
        print(f"step {step}: nll {loss:.4f}")


if __name__ == "__main__":
    main()

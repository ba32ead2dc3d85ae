"""HiFi-GAN-style period discriminator with a *logged* input-gradient norm (no penalty):
the gradient is taken of a detached copy with create_graph=False, under a separate pass."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PeriodDisc(nn.Module):
    def __init__(self, period=3):
        super().__init__()
        self.period = period
        self.convs = nn.ModuleList([nn.Conv2d(1, 8, (5, 1), (3, 1), (2, 0)), nn.Conv2d(8, 8, (5, 1), 1, (2, 0))])
        self.act = nn.Hardswish()
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.post = nn.Linear(8, 1)

    def forward(self, wav):
        b, t = wav.shape
        x = wav[:, : t - t % self.period].view(b, 1, -1, self.period)
        for c in self.convs:
            x = self.act(c(x))
        return self.post(self.pool(x).flatten(1)).squeeze(1)


def input_grad_norm(D, wav):
    probe = wav.detach().clone().requires_grad_(True)
    g, = torch.autograd.grad(D(probe).sum(), probe, create_graph=False)
    return g.flatten(1).norm(dim=1).mean().item()


D = PeriodDisc()
gen = nn.Sequential(nn.Conv1d(4, 8, 3, padding=1), nn.Tanh(), nn.Conv1d(8, 1, 3, padding=1))
opt_d = torch.optim.AdamW(D.parameters(), 2e-4, betas=(0.8, 0.99))
opt_g = torch.optim.AdamW(gen.parameters(), 2e-4, betas=(0.8, 0.99))
for step in range(3):
    mel, wav = torch.randn(2, 4, 60), torch.randn(2, 60)
    fake = gen(mel).squeeze(1)
    loss_d = F.mse_loss(D(wav), torch.ones(2)) + F.mse_loss(D(fake.detach()), torch.zeros(2))
    opt_d.zero_grad()
    loss_d.backward()
    opt_d.step()
    loss_g = F.mse_loss(D(fake), torch.ones(2))
    opt_g.zero_grad()
    loss_g.backward()
    opt_g.step()
    with torch.no_grad():
        score = D(wav).mean().item()
    print(step, loss_d.item(), loss_g.item(), input_grad_norm(D, wav), score)

"""DRAGAN for synthetic IMU gesture windows (6 channels x 128 steps). The discriminator is a 1-D conv net;
the DRAGAN penalty perturbs real windows and pushes the input-gradient norm to 1."""
import torch
from torch import nn
from torch.nn import functional as F

SEQ, CH, ZDIM = 128, 6, 32


class GestureGen(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(ZDIM, 64, batch_first=True)
        self.out = nn.Linear(64, CH)

    def forward(self, z):
        h, _ = self.rnn(z)
        return torch.tanh(self.out(h)).transpose(1, 2)


class GestureDisc(nn.Module):
    def __init__(self, width=48):
        super().__init__()
        self.c1 = nn.Conv1d(CH, width, 7, padding=3)
        self.c2 = nn.Conv1d(width, width, 5, padding=2)
        self.down = nn.AvgPool1d(4, stride=4)
        self.c3 = nn.Conv1d(width, width, 3, padding=1)
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        x = F.gelu(self.c1(x), approximate="tanh")
        x = self.down(F.leaky_relu(self.c2(x), 0.2))
        x = torch.tanh(self.c3(x)).mean(-1)
        return self.head(x)


def dragan_penalty(disc, x_real, lam=10.0, k=1.0):
    noise = 0.5 * x_real.std() * torch.rand_like(x_real)
    alpha = torch.rand(x_real.size(0), 1, 1)
    x_hat = (alpha * x_real + (1.0 - alpha) * (x_real + noise)).detach().requires_grad_()
    out = disc(x_hat)
    grad, = torch.autograd.grad(out.sum(), x_hat, create_graph=True)
    return lam * ((grad.view(grad.size(0), -1).norm(dim=1) - k) ** 2).mean()


if __name__ == "__main__":
    gen, disc = GestureGen(), GestureDisc()
    bce = nn.BCEWithLogitsLoss()
    og = torch.optim.Adam(gen.parameters(), 2e-4, betas=(0.5, 0.999))
    od = torch.optim.Adam(disc.parameters(), 2e-4, betas=(0.5, 0.999))
    for step in range(2):
        real = torch.randn(8, CH, SEQ).clamp(-1, 1)
        z = torch.randn(8, SEQ, ZDIM)
        fake = gen(z)
        d_real, d_fake = disc(real), disc(fake.detach())
        loss_d = bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake))
        loss_d = loss_d + dragan_penalty(disc, real)
        od.zero_grad(); loss_d.backward(); od.step()
        d_gen = disc(gen(z))
        loss_g = bce(d_gen, torch.ones_like(d_gen))
        og.zero_grad(); loss_g.backward(); og.step()
        print(step, float(loss_d), float(loss_g))

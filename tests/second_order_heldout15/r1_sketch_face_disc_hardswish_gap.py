# Non-saturating GAN with R1 regularisation (Mescheder et al. 2018) on face sketches.
import torch
from torch import nn
import torch.nn.functional as F

r1_gamma = 5.0


class Disc(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv1 = nn.Conv2d(1, ch, 3, stride=2, padding=1)
        self.act = nn.Hardswish()
        self.conv2 = nn.Conv2d(ch, ch * 2, 3, stride=2, padding=1)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(ch * 2, 1)

    def forward(self, img):
        h = self.act(self.conv1(img))
        h = self.act(self.conv2(h))
        return self.fc(self.gap(h).flatten(1))


G = nn.Sequential(nn.Linear(16, 32 * 32), nn.Tanh())
D = Disc()
opt_g = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.0, 0.99))
opt_d = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.0, 0.99))

for step in range(3):
    x_real = torch.randn(4, 1, 32, 32)
    z = torch.randn(4, 16)
    # discriminator
    x_real.requires_grad = True
    real_pred = D(x_real)
    fake_pred = D(G(z).view(-1, 1, 32, 32).detach())
    d_loss = F.softplus(fake_pred).mean() + F.softplus(-real_pred).mean()
    grad_real, = torch.autograd.grad(outputs=real_pred.sum(), inputs=x_real, create_graph=True)
    r1 = grad_real.pow(2).reshape(grad_real.shape[0], -1).sum(1).mean()
    opt_d.zero_grad()
    (d_loss + r1_gamma / 2 * r1).backward()
    opt_d.step()
    # generator
    g_loss = F.softplus(-D(G(z).view(-1, 1, 32, 32))).mean()
    opt_g.zero_grad()
    g_loss.backward()
    opt_g.step()
    print(step, float(d_loss), float(r1), float(g_loss))

# WGAN-GP for synthetic credit-card transactions (continuous + one categorical column)
import torch
from torch import nn
import torch.nn.functional as F

N_CONT, N_CAT, Z = 6, 4, 16


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(Z, 64)
        self.fc2 = nn.Linear(64, N_CONT + N_CAT)

    def forward(self, z, tau=0.5):
        h = F.leaky_relu(self.fc1(z), 0.2)
        out = self.fc2(h)
        cont, cat_logits = out[:, :N_CONT], out[:, N_CONT:]
        cat = F.gumbel_softmax(cat_logits, tau=tau, hard=False)
        return torch.cat([torch.tanh(cont), cat], dim=1)


class Critic(nn.Module):
    def __init__(self, d=N_CONT + N_CAT):
        super().__init__()
        self.l1 = nn.Linear(d, 64)
        self.ln = nn.LayerNorm(64)
        self.l2 = nn.Linear(64, 64)
        self.l3 = nn.Linear(64, 1)

    def forward(self, x):
        x = F.elu(self.ln(self.l1(x)))
        x = F.elu(self.l2(x), alpha=0.5)
        return self.l3(x)


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1)
    mix = (eps * real + (1 - eps) * fake).requires_grad_(True)
    score = critic(mix)
    grads = torch.autograd.grad(outputs=score.sum(), inputs=mix, create_graph=True)[0]
    return ((grads.norm(2, dim=1) - 1) ** 2).mean()


def real_batch(n):
    cont = torch.randn(n, N_CONT).clamp(-1, 1)
    cat = F.one_hot(torch.randint(0, N_CAT, (n,)), N_CAT).float()
    return torch.cat([cont, cat], 1)


G, D = Generator(), Critic()
opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.5, 0.9))
opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.5, 0.9))
for step in range(2):
    for _ in range(2):
        real = real_batch(32)
        fake = G(torch.randn(32, Z)).detach()
        d_loss = D(fake).mean() - D(real).mean() + 10.0 * gradient_penalty(D, real, fake)
        opt_d.zero_grad(); d_loss.backward(); opt_d.step()
    g_loss = -D(G(torch.randn(32, Z))).mean()
    opt_g.zero_grad(); g_loss.backward(); opt_g.step()
    print(step, d_loss.item(), g_loss.item())

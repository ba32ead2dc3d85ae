"""Multi-task sonar monitoring of salmon net pens: fish-count regression + net-damage detection.

Task gradients on the shared trunk are combined with the two-task MGDA min-norm solution
(Sener & Koltun 2018). Each task gradient is an ordinary first-order gradient (retain_graph only);
the combination weight is a closed-form scalar computed from detached gradients.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SonarTrunk(nn.Module):
    def __init__(self, ch=6):
        super().__init__()
        self.conv = nn.Conv3d(1, ch, 3, padding=1)
        self.act = nn.ReLU6()
        self.pool = nn.AdaptiveMaxPool3d((1, 2, 2))

    def forward(self, clip):
        return self.pool(self.act(self.conv(clip))).flatten(1)


class PenMonitor(nn.Module):
    def __init__(self, ch=6):
        super().__init__()
        self.trunk = SonarTrunk(ch)
        self.count_head = nn.Linear(4 * ch, 1)
        self.damage_head = nn.Linear(4 * ch, 2)

    def forward(self, clip):
        z = self.trunk(clip)
        return self.count_head(z).squeeze(-1), self.damage_head(z)


def sonar_clips(n, t=4, hw=8):
    count = torch.randint(0, 20, (n,)).float()
    damaged = torch.randint(0, 2, (n,))
    clip = torch.rand(n, 1, t, hw, hw) * (count.view(n, 1, 1, 1, 1) / 20)
    clip[damaged == 1, :, :, 0, :] = 1.0
    return clip, count / 20, damaged


def flat(grads):
    return torch.cat([g.reshape(-1) for g in grads])


def mgda_weight(g1, g2):
    diff = g1 - g2
    alpha = ((g2 - g1) @ g2) / (diff @ diff + 1e-12)
    return alpha.clamp(0.0, 1.0)


def train(steps=3):
    torch.manual_seed(23)
    model = PenMonitor()
    shared = list(model.trunk.parameters())
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(steps):
        clip, count, damaged = sonar_clips(8)
        pred_count, damage_logits = model(clip)
        l_count = F.smooth_l1_loss(pred_count, count)
        l_damage = F.cross_entropy(damage_logits, damaged)
        g_count = torch.autograd.grad(l_count, shared, retain_graph=True)
        g_damage = torch.autograd.grad(l_damage, shared, retain_graph=True)
        alpha = mgda_weight(flat(g_count).detach(), flat(g_damage).detach())
        opt.zero_grad()
        (l_count + l_damage).backward()
        for p, a, b in zip(shared, g_count, g_damage):
            p.grad = alpha * a + (1 - alpha) * b
        opt.step()
        print(f"step {step}: count {l_count.item():.4f} damage {l_damage.item():.4f} alpha {alpha.item():.2f}")


if __name__ == "__main__":
    train()

"""JEM-style energy-based training (Grathwohl et al. 2020) of a classifier's logsumexp energy: negatives
come from SGLD with a replay buffer, each step a plain input gradient on a detached sample, so the
sampler never keeps a graph; the classifier term is ordinary cross-entropy."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class WideBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.pad = nn.ReflectionPad2d(1)
        self.conv1 = nn.Conv2d(cin, cout, 3, stride=stride)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.shortcut = nn.Conv2d(cin, cout, 1, stride=stride)

    def forward(self, x):
        out = self.conv1(self.pad(F.leaky_relu(x, 0.2)))
        out = self.conv2(F.leaky_relu(out, 0.2))
        return out + self.shortcut(x)


class CCF(nn.Module):
    def __init__(self, n_classes=10, width=32):
        super().__init__()
        self.conv = nn.Conv2d(3, width, 3, padding=1)
        self.blocks = nn.Sequential(WideBlock(width, width, 1), WideBlock(width, 2 * width, 2), WideBlock(2 * width, 4 * width, 2))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.class_output = nn.Linear(4 * width, n_classes)

    def classify(self, x):
        h = F.leaky_relu(self.blocks(self.conv(x)), 0.2)
        return self.class_output(self.pool(h).flatten(1))

    def forward(self, x):
        return self.classify(x).logsumexp(1)


class ReplayBuffer:
    def __init__(self, size=10000, shape=(3, 32, 32), reinit_freq=0.05):
        self.buffer = torch.rand(size, *shape) * 2 - 1
        self.reinit_freq = reinit_freq

    def sample(self, bs):
        inds = torch.randint(0, self.buffer.size(0), (bs,))
        buffer_samples = self.buffer[inds]
        random_samples = torch.rand_like(buffer_samples) * 2 - 1
        choose_random = (torch.rand(bs) < self.reinit_freq).float()[:, None, None, None]
        return choose_random * random_samples + (1 - choose_random) * buffer_samples, inds


def sample_sgld(f, buffer, bs, n_steps=20, step_size=1.0, sigma=0.01):
    f.eval()
    x_k, inds = buffer.sample(bs)
    x_k = x_k.clone().requires_grad_(True)
    for k in range(n_steps):
        f_prime = torch.autograd.grad(f(x_k).sum(), [x_k], retain_graph=True)[0]
        x_k.data += step_size * f_prime + sigma * torch.randn_like(x_k)
    f.train()
    final_samples = x_k.detach()
    buffer.buffer[inds] = final_samples
    return final_samples


def train(loader, epochs=10, p_x_weight=1.0, lr=1e-4):
    f = CCF()
    buffer = ReplayBuffer()
    optim = torch.optim.Adam(f.parameters(), lr=lr, betas=(0.9, 0.999))
    for _ in range(epochs):
        for x_lab, y_lab in loader:
            x_q = sample_sgld(f, buffer, x_lab.size(0))
            fp, fq = f(x_lab).mean(), f(x_q).mean()
            l_p_x = -(fp - fq)
            l_p_y_given_x = F.cross_entropy(f.classify(x_lab), y_lab)
            loss = p_x_weight * l_p_x + l_p_y_given_x
            optim.zero_grad()
            loss.backward()
            optim.step()
    return f

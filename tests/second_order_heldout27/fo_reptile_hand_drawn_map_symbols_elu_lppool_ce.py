# Reptile (Nichol et al. 2018) for few-shot recognition of hand-drawn cartographic symbols
# (church, windmill, spring, quarry, ...) from historical field sketches.
# Inner loop: ordinary SGD steps on a cloned model; outer step: move towards the adapted weights.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

N_WAY, K_SHOT = 4, 3
INNER_STEPS, INNER_LR, OUTER_LR = 3, 0.02, 0.5


def conv_block(c_in, c_out):
    return nn.Sequential(
        nn.Conv2d(c_in, c_out, 3, padding=1),
        nn.BatchNorm2d(c_out, track_running_stats=False),
        nn.ELU(),
        nn.LPPool2d(2, kernel_size=2),
    )


class SymbolNet(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.features = nn.Sequential(conv_block(1, ch), conv_block(ch, ch))
        self.classifier = nn.Linear(ch * 4 * 4, N_WAY)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def symbol_task():
    protos = (torch.rand(N_WAY, 1, 16, 16) > 0.7).float()
    x = protos.repeat_interleave(K_SHOT, 0)
    x = x + 0.1 * torch.randn_like(x)
    y = torch.arange(N_WAY).repeat_interleave(K_SHOT)
    return x, y


def inner_train(model, x, y):
    learner = copy.deepcopy(model)
    opt = torch.optim.SGD(learner.parameters(), lr=INNER_LR)
    for _ in range(INNER_STEPS):
        loss = F.cross_entropy(learner(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return learner, loss.item()


def reptile(meta_iters=3):
    torch.manual_seed(10)
    model = SymbolNet()
    for it in range(meta_iters):
        x, y = symbol_task()
        learner, last = inner_train(model, x, y)
        with torch.no_grad():
            for p, q in zip(model.parameters(), learner.parameters()):
                p.add_(OUTER_LR * (q - p))
        print(f"meta-iter {it}: inner loss {last:.4f}")


if __name__ == "__main__":
    reptile()

# Offline signature verification with a Siamese CNN, trained with a logistic pair loss plus
# Drucker & LeCun double backpropagation: the norm of the loss gradient w.r.t. the input images is
# penalised, so the penalty is differentiated a second time.
import torch
import torch.nn as nn
import torch.nn.functional as F


class SigEncoder(nn.Module):
    def __init__(self, dim=64):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 16, 5, stride=2, padding=2)
        self.conv2 = nn.Conv2d(16, 32, 3, stride=2, padding=1)
        self.fc = nn.Linear(32 * 8 * 16, dim)

    def forward(self, img):
        h = F.silu(self.conv1(img))
        h = F.silu(self.conv2(h))
        return F.normalize(self.fc(h.flatten(1)), dim=1)


class PairScorer(nn.Module):
    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder
        self.scale = nn.Parameter(torch.tensor(5.0))
        self.bias = nn.Parameter(torch.tensor(-2.0))

    def forward(self, a, b):
        return self.scale * (self.encoder(a) * self.encoder(b)).sum(1) + self.bias


def train_step(model, opt, a, b, same, lam=0.01):
    a = a.clone().requires_grad_(True)
    b = b.clone().requires_grad_(True)
    logits = model(a, b)
    loss = F.binary_cross_entropy_with_logits(logits, same.float())
    ga, gb = torch.autograd.grad(loss, (a, b), create_graph=True)
    reg = ga.pow(2).sum() + gb.pow(2).sum()
    opt.zero_grad()
    (loss + lam * reg).backward()
    opt.step()
    return loss.item(), reg.item()


if __name__ == "__main__":
    model = PairScorer(SigEncoder())
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for i in range(2):
        a, b = torch.rand(8, 1, 32, 64), torch.rand(8, 1, 32, 64)
        same = torch.randint(0, 2, (8,))
        print(i, train_step(model, opt, a, b, same))

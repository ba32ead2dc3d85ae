"""Few-shot classification of pottery sherd decoration styles with a differentiable closed-form ridge head (R2-D2).

For each episode the head is the ridge-regression solution on the support embeddings, computed with the Woodbury
identity (an n_support x n_support solve). The query loss back-propagates through the solve into the backbone and
the learned ridge penalty / output scale: bilevel in form, but the inner problem is solved in closed form, so only
first derivatives are ever taken.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

WAYS, SHOTS, QUERIES, EPISODES = 5, 2, 4, 4


class SherdEncoder(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 3, padding=1)
        self.norm1 = nn.GroupNorm(8, width)
        self.conv2 = nn.Conv2d(width, width, 3, stride=2, padding=1)
        self.norm2 = nn.GroupNorm(8, width)
        self.pool = nn.AdaptiveAvgPool2d(2)

    def forward(self, x):
        h = F.relu(self.norm1(self.conv1(x)))
        h = F.relu(self.norm2(self.conv2(h)))
        return self.pool(h).flatten(1)


class RidgeHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.log_lambda = nn.Parameter(torch.tensor(0.0))
        self.scale = nn.Parameter(torch.tensor(1.0))
        self.bias = nn.Parameter(torch.tensor(0.0))

    def forward(self, support, support_y, query):
        y = F.one_hot(support_y, WAYS).float()
        gram = support @ support.t() + torch.exp(self.log_lambda) * torch.eye(support.shape[0])
        w = support.t() @ torch.linalg.solve(gram, y)
        return self.scale * (query @ w) + self.bias


def sherd_episode():
    protos = torch.randn(WAYS, 3, 1, 1)
    sx = protos.repeat_interleave(SHOTS, 0) + 0.5 * torch.randn(WAYS * SHOTS, 3, 16, 16)
    qx = protos.repeat_interleave(QUERIES, 0) + 0.5 * torch.randn(WAYS * QUERIES, 3, 16, 16)
    return sx, torch.arange(WAYS).repeat_interleave(SHOTS), qx, torch.arange(WAYS).repeat_interleave(QUERIES)


def main():
    torch.manual_seed(0)
    encoder, head = SherdEncoder(), RidgeHead()
    opt = torch.optim.Adam(list(encoder.parameters()) + list(head.parameters()), lr=1e-3)
    for ep in range(EPISODES):
        sx, sy, qx, qy = sherd_episode()
        logits = head(encoder(sx), sy, encoder(qx))
        loss = F.nll_loss(F.log_softmax(logits, dim=-1), qy)
        opt.zero_grad()
        loss.backward()
        opt.step()
        acc = (logits.argmax(-1) == qy).float().mean()
        print(f"episode {ep}: query nll {loss.item():.4f} acc {acc.item():.2f} lambda {head.log_lambda.exp().item():.3f}")


if __name__ == "__main__":
    main()

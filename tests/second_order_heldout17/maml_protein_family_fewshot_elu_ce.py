# Second-order MAML (Finn et al.) for few-shot protein-family classification from k-mer profiles.
import torch
from torch import nn
from torch.nn import functional as F
from collections import OrderedDict


class ProfileNet(nn.Module):
    def __init__(self, n_in=20, n_way=5):
        super().__init__()
        self.features = nn.Sequential(OrderedDict([
            ("fc1", nn.Linear(n_in, 32)),
            ("act1", nn.ELU()),
            ("fc2", nn.Linear(32, 32)),
            ("act2", nn.ELU()),
        ]))
        self.classifier = nn.Linear(32, n_way)

    def forward(self, x):
        return self.classifier(self.features(x))


def sample_task(n_way=5, k_shot=2, q=3, n_in=20):
    xs = torch.randn(n_way * k_shot, n_in)
    ys = torch.arange(n_way).repeat_interleave(k_shot)
    xq = torch.randn(n_way * q, n_in)
    yq = torch.arange(n_way).repeat_interleave(q)
    return xs, ys, xq, yq


def main(meta_batch=2, inner_lr=0.4, inner_steps=1):
    model = ProfileNet()
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(2):
        meta_opt.zero_grad()
        outer = 0.0
        for _ in range(meta_batch):
            xs, ys, xq, yq = sample_task()
            fast = OrderedDict(model.named_parameters())
            for _ in range(inner_steps):
                logits = torch.func.functional_call(model, fast, (xs,))
                inner_loss = F.cross_entropy(logits, ys)
                grads = torch.autograd.grad(inner_loss, fast.values(), create_graph=True)
                fast = OrderedDict((n, p - inner_lr * g) for (n, p), g in zip(fast.items(), grads))
            q_logits = torch.func.functional_call(model, fast, (xq,))
            outer = outer + F.cross_entropy(q_logits, yq)
        (outer / meta_batch).backward()
        meta_opt.step()
        print(it, float(outer))


if __name__ == "__main__":
    main()

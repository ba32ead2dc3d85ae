import torch
import torch.nn.functional as F

from architect import Architect, SearchCfg
from search_space import SearchNet


def batch(n=8):
    return torch.randn(n, 1, 180), torch.randint(0, 5, (n,))


def search(epochs=2):
    cfg = SearchCfg()
    model = SearchNet()
    architect = Architect(model, cfg)
    w_opt = torch.optim.SGD(model.weights(), lr=cfg.w_lr, momentum=0.9)
    for epoch in range(epochs):
        train_b, valid_b = batch(), batch()
        architect.step(train_b, valid_b)
        w_opt.zero_grad()
        loss = F.cross_entropy(model(train_b[0]), train_b[1])
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.weights(), 5.0)
        w_opt.step()
        print(epoch, loss.item(), F.softmax(model.alpha, dim=-1)[0].tolist())


if __name__ == "__main__":
    search()

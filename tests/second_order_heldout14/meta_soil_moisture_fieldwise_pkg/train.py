import torch

from meta import adapt, query_loss
from models import SoilRegressor


def field_task(n=10):
    series = torch.randn(n, 4, 24)
    static = torch.randn(n, 5)
    y = series[:, 0].mean(1) * 0.3 + static[:, 1] * 0.1
    return series, static, y


def run(meta_steps=3, tasks_per_step=3):
    learner = SoilRegressor()
    meta_opt = torch.optim.Adam(learner.parameters(), lr=1e-3)
    for it in range(meta_steps):
        meta_opt.zero_grad()
        for _ in range(tasks_per_step):
            fast = adapt(learner, field_task(), 2, create_graph=True)
            loss = query_loss(learner, fast, field_task()) / tasks_per_step
            loss.backward()
        meta_opt.step()
        print(it, loss.item())


if __name__ == "__main__":
    run()

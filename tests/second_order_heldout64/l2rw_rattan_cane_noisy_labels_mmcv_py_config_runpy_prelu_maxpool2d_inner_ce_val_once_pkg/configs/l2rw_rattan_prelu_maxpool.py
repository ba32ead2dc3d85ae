_base_ = [
    './_base_/models/cane_grader.py',
    './_base_/schedules/l2rw_sgd.py',
    './_base_/default_runtime.py',
]
# PReLU + max pooling won the backbone ablation on the clean validation split.
model = dict(
    backbone=dict(
        act_cfg=dict(type='PReLU'),
        pool_cfg=dict(type='MaxPool2d'),
    ))
meta = dict(virtual_lr=0.05)

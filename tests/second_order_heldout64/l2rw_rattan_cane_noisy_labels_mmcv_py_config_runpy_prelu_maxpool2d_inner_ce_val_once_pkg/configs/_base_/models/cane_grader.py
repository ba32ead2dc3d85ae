# Rattan cane grader (cross-section photos, 3 grades). mmcv-style model config.
model = dict(
    type='CaneGrader',
    backbone=dict(
        type='TinyConvNet',
        in_channels=3,
        widths=(16, 32),
        act_cfg=dict(type='ReLU'),
        pool_cfg=dict(type='AvgPool2d', kernel_size=2),
    ),
    head=dict(type='LinearHead', num_classes=3),
)
